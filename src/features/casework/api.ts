import { queryOptions } from '@tanstack/react-query';
import type { Success, Calls, QueryOf } from '../../../server/contract/calls.ts';
import type { STAFF_CASE_STATUSES } from '../../../server/contract/casework-calls.ts';
import { api } from '../../app/http.ts';
import { staffHttp } from '../../app/staff-session.ts';

export type StaffCaseStatus = (typeof STAFF_CASE_STATUSES)[number];
/** What a queue shows: a page, and optionally a state, lateness, only my cases, or a search. */
export type QueueFilters = NonNullable<QueryOf<Calls['staffListCases']>> & { page: number };
export type QueuePage = Success<Calls['staffListCases']>;
export type QueuedCase = QueuePage['cases'][number];
export type StaffCase = Success<Calls['staffGetCase']>;
export type StaffHistoryEntry = StaffCase['history'][number];
/** What the archive's search is asked for: a category, part of a case number, Addis Ababa days, a page. */
export type ArchiveSearch = NonNullable<QueryOf<Calls['staffListArchivedCases']>> & { page: number };
export type ArchivedCase = Success<Calls['staffListArchivedCases']>['cases'][number];
export type ArchivalCategory = Success<Calls['staffListArchivalCategories']>[number];

const keys = {
  all: ['staff', 'cases'] as const,
  queue: (filters: QueueFilters) => [...keys.all, 'queue', filters] as const,
  detail: (id: string) => [...keys.all, 'detail', id] as const,
  officers: () => [...keys.all, 'officers'] as const,
  categories: () => [...keys.all, 'archive', 'categories'] as const,
  archive: (search: ArchiveSearch) => [...keys.all, 'archive', 'search', search] as const,
};
export const caseworkKeys = keys;

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

/** The directorate's officers a manager can give a case to. */
export const officersQuery = () =>
  queryOptions({
    queryKey: keys.officers(),
    queryFn: ({ signal }) => api('staffListOfficers', { via: staffHttp, signal }),
  });

/** Every archival category, by name, the retired ones too (the archive's search still finds their cases). */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: keys.categories(),
    queryFn: ({ signal }) => api('staffListArchivalCategories', { via: staffHttp, signal }),
  });

/** A page of the archive, the last archived first. */
export const archiveQuery = (search: ArchiveSearch) =>
  queryOptions({
    queryKey: keys.archive(search),
    queryFn: ({ signal }) => api('staffListArchivedCases', { query: search, via: staffHttp, signal }),
  });

/** A new category (no id), or one renamed or switched on or off. */
export const saveCategory = (change: { _id?: string; name: string; status?: ArchivalCategory['status'] }) =>
  api('staffSaveArchivalCategory', { json: change, via: staffHttp });

/** The moves of issue 15's state machine; the server refuses any its state or the staff user's role does not allow. */
export const caseMoves = {
  take: (id: string) => api('staffTakeCase', { params: { id }, via: staffHttp }),
  assign: (id: string, officer: string) => api('staffAssignCase', { params: { id }, json: { officer }, via: staffHttp }),
  schedule: (id: string, day: string) => api('staffScheduleCase', { params: { id }, json: { scheduled_date: day }, via: staffHttp }),
  extend: (id: string, day: string) => api('staffScheduleCase', { params: { id }, json: { extended_date: day }, via: staffHttp }),
  /** Without a letter the server writes one from the justification. */
  respond: (id: string, justification: string, letter?: File) => {
    const form = new FormData();
    form.append('justification', justification);
    if (letter) form.append('attachment', letter);
    return api('staffRespondCase', { params: { id }, form, via: staffHttp });
  },
  approve: (id: string) => api('staffApproveCase', { params: { id }, via: staffHttp }),
  sendBack: (id: string, note: string) => api('staffReturnCase', { params: { id }, json: { note }, via: staffHttp }),
  reject: (id: string, justification: string) =>
    api('staffRejectCase', { params: { id }, json: { rejection_justification: justification }, via: staffHttp }),
  archive: (id: string, category: string) => api('staffArchiveCase', { params: { id }, json: { category }, via: staffHttp }),
};

/** SPEC section 7: case files load from the CaseFiles media path; staff name the case they read it for. */
export const caseFileUrl = (file: string, caseId: string) => `/media/CaseFiles/${file}?case=${caseId}`;
