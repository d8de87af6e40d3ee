import { queryOptions } from '@tanstack/react-query';
import type { Success, Calls, QueryOf } from '../../../server/contract/calls.ts';
import { api } from '../../app/http.ts';
import { STAFF_QUERIES, staffHttp } from '../../app/staff-session.ts';

/** What the archive's search is asked for: a category, part of a case number, Addis Ababa days, a page. */
export type ArchiveSearch = NonNullable<QueryOf<Calls['staffListArchivedCases']>> & { page: number };
export type ArchivedCase = Success<Calls['staffListArchivedCases']>['cases'][number];
export type ArchivalCategory = Success<Calls['staffListArchivalCategories']>[number];

const keys = {
  all: [...STAFF_QUERIES, 'archive'] as const,
  categories: () => [...keys.all, 'categories'] as const,
  search: (search: ArchiveSearch) => [...keys.all, 'search', search] as const,
};
export const archiveKeys = keys;

/** Every archival category, by name, the retired ones too (the archive's search still finds their cases). */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: keys.categories(),
    queryFn: ({ signal }) => api('staffListArchivalCategories', { via: staffHttp, signal }),
  });

/** A page of the archive, the last archived first. */
export const archiveQuery = (search: ArchiveSearch) =>
  queryOptions({
    queryKey: keys.search(search),
    queryFn: ({ signal }) => api('staffListArchivedCases', { query: search, via: staffHttp, signal }),
  });

/** A new category (no id), or one renamed or switched on or off. */
export const saveCategory = (change: { _id?: string; name: string; status?: ArchivalCategory['status'] }) =>
  api('staffSaveArchivalCategory', { json: change, via: staffHttp });

/** Files a verified or rejected case under an active category. */
export const fileCase = (id: string, category: string) => api('staffArchiveCase', { params: { id }, json: { category }, via: staffHttp });

/** Files several under one category, each as fileCase does: one result per case. */
export const fileCases = (caseIds: string[], category: string) =>
  api('staffBulkArchiveCases', { json: { case_ids: caseIds, category }, via: staffHttp });

/** Moves a filed case to another category, within 30 days of its filing, saying why. */
export const refileCase = (id: string, category: string, reason: string) =>
  api('staffRefileCase', { params: { id }, json: { category, reason }, via: staffHttp });
