import { queryOptions } from '@tanstack/react-query';
import type { Directorate, Division } from '../../../server/contract/divisions.ts';
import { http } from '../../app/http.ts';
import { queryKeys } from '../../app/query-keys.ts';

export type { Directorate, Division };

export const divisionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.divisions.list(),
    queryFn: ({ signal }) => http.get('division_api/get_all_divisions', { signal }).json<Division[]>(),
  });

export const divisionQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.divisions.detail(id),
    queryFn: ({ signal }) => http.get(`division_api/get_division/${id}`, { signal }).json<Division>(),
  });

export const directoratesQuery = () =>
  queryOptions({
    queryKey: queryKeys.divisions.directorates(),
    queryFn: ({ signal }) => http.get('directorate_api/get_all_directorate', { signal }).json<Directorate[]>(),
  });

/** SPEC sections 2 and 9: only active divisions with special "no" are offered. */
export const isOffered = (division: Division) => division.status === 'active' && division.special === 'no';

export const directoratesOf = (directorates: Directorate[], divisionId: string) =>
  directorates.filter((d) => d.division._id === divisionId && d.status === 'active');
