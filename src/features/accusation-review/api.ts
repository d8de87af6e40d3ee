import { queryOptions } from '@tanstack/react-query';
import type { AccusationCase, AccusationStatus, ReviewedAccusation, ReviewQueue } from '../../../server/contract/accusations.ts';
import { api } from '../../app/http.ts';
import { staffHttp } from '../../app/staff-session.ts';

export type { AccusationCase, AccusationStatus, ReviewedAccusation, ReviewQueue };
export interface AccusationFilters {
  page: number;
  sort: -1 | 1;
  name: string;
  phone: string;
  /** The reference a complainant reads out, whole or its number part (defect 14). */
  reference: string;
  /** Empty for every state. */
  status: AccusationStatus | '';
}

const keys = {
  all: ['staff', 'accusation-review'] as const,
  list: (filters: AccusationFilters) => [...keys.all, 'list', filters] as const,
  detail: (id: string) => [...keys.all, 'detail', id] as const,
  ethicsUsers: () => [...keys.all, 'ethics-users'] as const,
};
export const accusationReviewKeys = keys;

export const accusationsQuery = ({ status, ...filters }: AccusationFilters) =>
  queryOptions({
    queryKey: keys.list({ status, ...filters }),
    queryFn: ({ signal }) => api('staffListAccusations', { query: { ...filters, ...(status ? { status } : {}) }, via: staffHttp, signal }),
  });

/** One accusation with its outcome and history (internal notes included). */
export const accusationQuery = (id: string) =>
  queryOptions({
    queryKey: keys.detail(id),
    queryFn: ({ signal }) => api('staffGetAccusation', { params: { id }, via: staffHttp, signal }),
  });

/** The ethics users an accusation can be given to. */
export const ethicsUsersQuery = () =>
  queryOptions({
    queryKey: keys.ethicsUsers(),
    queryFn: ({ signal }) => api('staffListEthicsUsers', { via: staffHttp, signal }),
  });

/** What an ethics user does to an accusation; each names the version they saw (409 if it changed). */
export const accusationActions = {
  move: (id: string, json: { status: 'under_review' | 'closed'; outcome?: string; version: number }) =>
    api('staffUpdateAccusation', { params: { id }, json, via: staffHttp }),
  assign: (id: string, json: { assignee: string; version: number }) => api('staffAssignAccusation', { params: { id }, json, via: staffHttp }),
  note: (id: string, note: string) => api('staffNoteAccusation', { params: { id }, json: { note }, via: staffHttp }),
};
