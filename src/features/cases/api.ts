import { queryOptions } from '@tanstack/react-query';
import type {
  Case,
  CaseListResponse,
  CaseRequest,
  CaseSummary,
  CreatedCase,
  Question,
  Rating,
} from '../../../server/contract/cases.ts';
import type { Messages } from '../../../server/contract/common.ts';
import { authedHttp, http } from '../../app/http.ts';
import { queryKeys } from '../../app/query-keys.ts';
import { session } from '../../app/session.ts';

export type { Case, CaseListResponse, CaseRequest, CaseSummary, CreatedCase, Question, Rating };
export type SortOrder = -1 | 1;

/** Calls that may carry the token send it only when someone is signed in (SPEC section 6). */
const maybeAuthed = () => (session.get() ? authedHttp : http);

export const caseRequestsQuery = () =>
  queryOptions({
    queryKey: queryKeys.caseRequests.list(),
    queryFn: ({ signal }) => http.get('case_list_api/get_all_case_list', { signal }).json<CaseRequest[]>(),
    staleTime: 10 * 60_000,
  });

export const questionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.caseRequests.questions(),
    queryFn: ({ signal }) => http.get('questions_api/get_all_questions', { signal }).json<Question[]>(),
    staleTime: 10 * 60_000,
  });

export const caseListQuery = (page: number, sort: SortOrder) =>
  queryOptions({
    queryKey: queryKeys.customer.caseList(page, sort),
    queryFn: ({ signal }) =>
      authedHttp.get('customer_case_api/get_case', { signal, searchParams: { page, sort } }).json<CaseListResponse>(),
  });

export const caseSummaryQuery = () =>
  queryOptions({
    queryKey: queryKeys.customer.caseSummary(),
    queryFn: ({ signal }) => authedHttp.get('customer_case_api/get_case_cust', { signal }).json<CaseSummary>(),
  });

export const caseNumbersQuery = () =>
  queryOptions({
    queryKey: queryKeys.customer.caseNumbers(),
    queryFn: ({ signal }) =>
      authedHttp.get('customer_case_api/get_by_case_customerid', { signal }).json<{ _id: string; case_number: string }[]>(),
  });

export const caseQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.customer.case(id),
    queryFn: ({ signal }) => authedHttp.get(`customer_case_api/get_case_by_id/${id}`, { signal }).json<Case>(),
  });

/** The owner's rating of a case, or null when there is none yet. */
export const ratingQuery = (caseId: string) =>
  queryOptions({
    queryKey: queryKeys.customer.rating(caseId),
    queryFn: async ({ signal }) => {
      const response = await authedHttp.get(`div_rate/get_rating_bycase/${caseId}`, { signal, throwHttpErrors: false });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`rating lookup failed with ${response.status}`);
      return (await response.json()) as Rating;
    },
  });

export const statusCheckQuery = (caseNumber: string) =>
  queryOptions({
    queryKey: queryKeys.statusCheck(caseNumber, Boolean(session.get())),
    queryFn: ({ signal }) =>
      maybeAuthed().post('customer_case_api/get_case_by_casenum', { signal, json: { casenum: caseNumber } }).json<Case>(),
    retry: false,
    // Offline, say so at once instead of waiting for a connection.
    networkMode: 'always',
    staleTime: 30_000,
  });

export const printQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.print(id, Boolean(session.get())),
    queryFn: ({ signal }) => maybeAuthed().get(`customer_case_api/print_case/${id}`, { signal }).json<{ file: string }>(),
    // The print link is a short-lived capability; ask for a fresh one each visit.
    staleTime: 0,
    gcTime: 0,
  });

export const casesApi = {
  rate: (caseId: string, rateNum: number) =>
    authedHttp.post('div_rate/create_custrate', { json: { rateNum, rateCase: caseId } }).json<Messages>(),
};

/** SPEC section 7: case files load from the CaseFiles media path; stored ones need the owner's token. */
export const caseFileUrl = (file: string) => `/media/CaseFiles/${file}`;
export const authHeaders = (): Record<string, string> => {
  const token = session.get()?.token;
  return token ? { Authorization: `Bearer ${token}` } : {};
};
