import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/http.ts';

/** The complainant's queries (STYLE.md 1: one key factory per feature). */
export const accusationKeys = {
  all: ['accusations'] as const,
  status: (reference: string) => [...accusationKeys.all, 'status', reference] as const,
};

/** Where an accusation stands, by its reference: its state and dates only. */
export const accusationStatusQuery = (reference: string) =>
  queryOptions({
    queryKey: accusationKeys.status(reference),
    queryFn: ({ signal }) => api('getAccusationStatus', { params: { reference }, signal }),
    // An unknown reference is an answer, not a failure to retry; a state changes, so ask afresh each time.
    retry: false,
    // Offline, say so at once instead of waiting for a connection.
    networkMode: 'always',
    staleTime: 0,
  });
