import { queryOptions } from '@tanstack/react-query';
import type { Accusation, AccusationList } from '../../../server/contract/accusations.ts';
import { api } from '../../app/http.ts';
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
    queryFn: ({ signal }) => api('getAccusations', { query: filters, via: staffHttp, signal }),
  });

export const accusationQuery = (id: string) =>
  queryOptions({
    queryKey: keys.detail(id),
    queryFn: ({ signal }) => api('getAccusation', { params: { id }, via: staffHttp, signal }),
  });

export const staffApi = {
  login: (email: string, password: string) => api('loginAccusationAcceptor', { json: { email, password } }),
  logout: () => api('logoutAccusationAcceptorApi', { via: staffHttp }),
};
