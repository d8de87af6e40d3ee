import { queryOptions } from '@tanstack/react-query';
import type { Directorate, Division } from '../../../server/contract/divisions.ts';
import { api } from '../../app/http.ts';
import { queryKeys } from '../../app/query-keys.ts';

export type { Directorate, Division };

export const divisionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.divisions.list(),
    queryFn: ({ signal }) => api('getAllDivisions', { signal }),
  });

export const divisionQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.divisions.detail(id),
    queryFn: ({ signal }) => api('getDivision', { params: { id }, signal }),
  });

export const directoratesQuery = () =>
  queryOptions({
    queryKey: queryKeys.divisions.directorates(),
    queryFn: ({ signal }) => api('getAllDirectorates', { signal }),
  });

/** SPEC sections 2 and 9: only active divisions with special "no" are offered. */
export const isOffered = (division: Division) => division.status === 'active' && division.special === 'no';

export const directoratesOf = (directorates: Directorate[], divisionId: string) =>
  directorates.filter((d) => d.division._id === divisionId && d.status === 'active');
