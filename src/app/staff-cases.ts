import { queryOptions } from '@tanstack/react-query';
import type { Success, Calls, QueryOf } from '../../server/contract/calls.ts';
import type { STAFF_CASE_STATUSES } from '../../server/contract/casework-calls.ts';
import { api } from './http.ts';
import { STAFF_QUERIES, staffHttp } from './staff-session.ts';

/**
 * The staff's reads of cases that casework and the archive both show: the queue (a
 * directorate's for officers and managers, the closed cases to file for archivists) and one
 * case with its history. A move in either area invalidates `staffCaseKeys.all`.
 */
export type StaffCaseStatus = (typeof STAFF_CASE_STATUSES)[number];
/** What a queue shows: a page, and optionally a state, lateness, only my cases, or a search. */
export type QueueFilters = NonNullable<QueryOf<Calls['staffListCases']>> & { page: number };
export type QueuePage = Success<Calls['staffListCases']>;
export type QueuedCase = QueuePage['cases'][number];
export type StaffCase = Success<Calls['staffGetCase']>;
export type StaffHistoryEntry = StaffCase['history'][number];

const keys = {
  all: [...STAFF_QUERIES, 'cases'] as const,
  queue: (filters: QueueFilters) => [...keys.all, 'queue', filters] as const,
  detail: (id: string) => [...keys.all, 'detail', id] as const,
};
export const staffCaseKeys = keys;

/** A page of the directorate's queue, soonest due first (the server computes due days and lateness). */
export const queueQuery = (filters: QueueFilters) =>
  queryOptions({
    queryKey: keys.queue(filters),
    queryFn: ({ signal }) => api('staffListCases', { query: filters, via: staffHttp, signal }),
  });

/** One case of the directorate with every move and note. */
export const staffCaseQuery = (id: string) =>
  queryOptions({
    queryKey: keys.detail(id),
    queryFn: ({ signal }) => api('staffGetCase', { params: { id }, via: staffHttp, signal }),
  });
