import { queryOptions } from '@tanstack/react-query';
import type { Accusation, AccusationList } from '../../../server/contract/accusations.ts';
import { http } from '../../app/http.ts';
import { staffHttp } from './staff-session.ts';

export type { Accusation, AccusationList };
export interface AccusationFilters {
  page: number;
  sort: -1 | 1;
  name: string;
  phone: string;
}

const keys = {
  all: ['staff', 'accusations'] as const,
  list: (filters: AccusationFilters) => [...keys.all, 'list', filters] as const,
  detail: (id: string) => [...keys.all, 'detail', id] as const,
};
export const staffKeys = keys;

export const accusationsQuery = (filters: AccusationFilters) =>
  queryOptions({
    queryKey: keys.list(filters),
    queryFn: ({ signal }) =>
      staffHttp
        .get('accusation_acceptor_api/get_accusations', { signal, searchParams: { ...filters } })
        .json<AccusationList>(),
  });

export const accusationQuery = (id: string) =>
  queryOptions({
    queryKey: keys.detail(id),
    queryFn: ({ signal }) => staffHttp.get(`accusation_acceptor_api/get_accusations/${id}`, { signal }).json<Accusation>(),
  });

export const staffApi = {
  login: (email: string, password: string) =>
    http.post('accusation_acceptor_user_api/login_accusation_acceptor', { json: { email, password } }).json<{ token: string }>(),
  logout: () => staffHttp.get('accusation_acceptor_api/logout_accusation_acceptor').json(),
};
