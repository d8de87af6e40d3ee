import { queryOptions } from '@tanstack/react-query';
import type {
  Case,
  CaseListResponse,
  CaseLookup,
  CaseRequest,
  CaseSummary,
  PublicCaseStatus,
  Question,
  Rating,
} from '../../../server/contract/cases.ts';
import { api, httpStatus } from '../../app/http.ts';
import { queryKeys } from '../../app/query-keys.ts';
import { session } from '../../app/session.ts';

export type { Case, CaseListResponse, CaseLookup, CaseRequest, CaseSummary, PublicCaseStatus, Question, Rating };
export type SortOrder = -1 | 1;

export const caseRequestsQuery = () =>
  queryOptions({
    queryKey: queryKeys.caseRequests.list(),
    queryFn: ({ signal }) => api('getAllCaseLists', { signal }),
    staleTime: 10 * 60_000,
  });

export const questionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.caseRequests.questions(),
    queryFn: ({ signal }) => api('getAllQuestions', { signal }),
    staleTime: 10 * 60_000,
  });

export const customerCasesQuery = (page: number, sort: SortOrder) =>
  queryOptions({
    queryKey: queryKeys.customer.casesPage(page, sort),
    queryFn: ({ signal }) => api('getCases', { query: { page, sort }, signal }),
  });

/** Issue 25: the customer's cases waiting for their answer to the corporation (the dashboard's banner); the first page is plenty. */
export const waitingCasesQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.customer.cases(), 'waiting'] as const,
    queryFn: ({ signal }) => api('getCases', { query: { page: 1, sort: -1, status: 'waiting_customer' }, signal }),
  });

export const caseSummaryQuery = () =>
  queryOptions({
    queryKey: queryKeys.customer.caseSummary(),
    queryFn: ({ signal }) => api('getCaseSummary', { signal }),
  });

export const caseNumbersQuery = () =>
  queryOptions({
    queryKey: queryKeys.customer.caseNumbers(),
    queryFn: ({ signal }) => api('getCaseNumbers', { signal }),
  });

export const caseQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.customer.case(id),
    queryFn: ({ signal }) => api('getCaseById', { params: { id }, signal }),
  });

/** The owner's rating of a case, or null when there is none yet. */
export const ratingQuery = (caseId: string) =>
  queryOptions({
    queryKey: queryKeys.customer.rating(caseId),
    queryFn: ({ signal }) =>
      api('getRatingByCase', { params: { caseId }, signal }).catch((error: unknown) => {
        if (httpStatus(error) === 404) return null;
        throw error;
      }),
  });

/** The status changes of every case of the customer, newest first (SPEC section 7); staff-only moves left out by the server. */
export const caseHistoryQuery = () =>
  queryOptions({
    queryKey: queryKeys.customer.history(),
    queryFn: ({ signal }) => api('getCaseHistory', { signal }),
  });

export const statusCheckQuery = (caseNumber: string) =>
  queryOptions({
    queryKey: queryKeys.statusCheck(caseNumber, Boolean(session.get())),
    // Sent with the token when someone is signed in (SPEC section 6): the owner sees the whole case.
    queryFn: ({ signal }) => api('checkCaseStatus', { json: { casenum: caseNumber }, signal }),
    retry: false,
    // Offline, say so at once instead of waiting for a connection.
    networkMode: 'always',
    staleTime: 30_000,
  });

export const printQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.print(id, Boolean(session.get())),
    queryFn: ({ signal }) => api('printCase', { params: { id }, signal }),
    // The print link is a short-lived capability; ask for a fresh one each visit.
    staleTime: 0,
    gcTime: 0,
  });

export const casesApi = {
  // A blank comment is none: the server stores no empty text.
  rate: (caseId: string, rateNum: number, comment = '') =>
    api('createCustomerRating', { json: { rateNum, rateCase: caseId, ...(comment.trim() ? { comment } : {}) } }),
  /** Issue 25: whether the "answered" mail's one-tap link may still rate (it names nobody). */
  ratingLink: (token: string) => api('getRatingLink', { params: { token } }),
  rateByLink: (token: string, rateNum: number, comment = '') =>
    api('createCustomerRating', { json: { rateNum, rating_token: token, ...(comment.trim() ? { comment } : {}) } }),
  /** Issue 25: a review of the case's decision, asked for within its window; online only (no outbox). */
  requestReview: (caseId: string, reason: string) => api('requestCaseReview', { params: { id: caseId }, json: { reason } }),
  /** Issue 28: the customer withdraws a case not yet answered; online only (no outbox). */
  withdraw: (caseId: string) => api('withdrawCase', { params: { id: caseId } }),
};

/**
 * A print name the server made (`print-….pdf`, as a public status check hands out) goes in
 * the print page's path without `.pdf`: a page path with a file extension is served as a
 * file, not as the app (server/web/routes.ts, sw/sw.ts), so a reload would miss.
 */
export const printPageId = (file: string) => file.replace(/\.pdf$/, '');
/** The print name a print page's path holds, or undefined when it holds a case id. */
export const printNameIn = (id: string) => (/^print-[A-Za-z0-9_-]+$/.test(id) ? `${id}.pdf` : undefined);

/** SPEC section 7: case files load from the CaseFiles media path; stored ones need the owner's token. */
export const caseFileUrl = (file: string) => `/media/CaseFiles/${file}`;
export const authHeaders = (): Record<string, string> => {
  const token = session.get()?.token;
  return token ? { Authorization: `Bearer ${token}` } : {};
};
