import { Type } from 'typebox';
import { defineCalls } from './call.ts';
import {
  Case,
  CaseApplicationForm,
  CaseHistoryEntry,
  CaseListQuery,
  CaseListResponse,
  CaseLookup,
  CaseNumberBody,
  CaseNumberChoice,
  CaseRequest,
  CaseSummary,
  CreatedCase,
  PrintResponse,
  Question,
  Rating,
  RatingBody,
  RatingLinkState,
} from './cases.ts';
import { errorResponses, Id, IdParams, Messages } from './common.ts';

const refused = errorResponses[400];
const withAuth = { 401: refused, ...errorResponses };

/** SPEC section 7: case_list_api and questions_api, what the apply form is built from. */
export const caseRequestCalls = defineCalls('case requests', {
  getAllCaseLists: {
    summary: 'List every case request',
    responses: { 200: Type.Array(CaseRequest), ...errorResponses },
  },
  getCaseLists: {
    summary: 'List the case requests open for applications',
    responses: { 200: Type.Array(CaseRequest), ...withAuth },
  },
  getCaseList: {
    summary: 'Read one case request',
    params: Type.Object({ caselistId: Id }),
    responses: { 200: CaseRequest, ...errorResponses },
  },
  getAllQuestions: {
    summary: "List every case request's questions",
    responses: { 200: Type.Array(Question), ...errorResponses },
  },
});

/** SPEC section 7: customer_case_api and customer_case_history_api. */
export const caseCalls = defineCalls('cases', {
  createCase: {
    summary: 'Apply for a case',
    description: 'An Idempotency-Key header makes a repeat answer with the first receipt and store nothing.',
    form: { fields: CaseApplicationForm, file: { name: 'attachment', description: 'Optional PDF, at most 10 MB.' } },
    // 409 and 410: an attachment_upload used already, not finished, or past its 7 days (issue 27).
    responses: { 201: CreatedCase, 409: refused, 410: refused, 413: refused, 422: refused, ...withAuth },
  },
  getCases: {
    summary: "A page of the customer's cases",
    query: CaseListQuery,
    responses: { 200: CaseListResponse, ...withAuth },
  },
  getCaseSummary: {
    summary: "Count the customer's cases by status",
    responses: { 200: CaseSummary, ...withAuth },
  },
  getCaseNumbers: {
    summary: "The customer's case numbers, for the related-case selector",
    responses: { 200: Type.Array(CaseNumberChoice), ...withAuth },
  },
  getAllCases: {
    summary: "Every case of the customer's",
    responses: { 200: Type.Array(Case), ...withAuth },
  },
  getCaseById: {
    summary: "Read one of the customer's cases",
    params: IdParams,
    responses: { 200: Case, ...withAuth },
  },
  checkCaseStatus: {
    summary: 'Check a case status by its number',
    description: 'The signed-in owner gets the whole case; anyone else the public status (masked: true).',
    body: CaseNumberBody,
    responses: { 200: CaseLookup, ...errorResponses },
  },
  printCase: {
    summary: 'A short-lived file name to print a case from /media/CaseFiles/',
    params: IdParams,
    responses: { 200: PrintResponse, ...errorResponses },
  },
  getCaseHistory: {
    summary: "The status changes of the customer's cases",
    responses: { 200: Type.Array(CaseHistoryEntry), ...withAuth },
  },
});

/** SPEC section 7: div_rate. Both calls need the owner's token (ratings are personal data). */
export const ratingCalls = defineCalls('ratings', {
  getRatingByCase: {
    summary: "The customer's rating of one of their cases",
    params: Type.Object({ caseId: Id }),
    responses: { 200: Rating, ...withAuth },
  },
  createCustomerRating: {
    summary: 'Rate a verified case, once',
    description:
      'Signed in as the case\'s owner with `rateCase`, or with no token and the `rating_token` of the "answered" mail\'s one-tap link. `comment` is optional (at most 1000 characters).',
    body: RatingBody,
    responses: { 201: Messages, 409: refused, 410: refused, ...withAuth },
  },
  getRatingLink: {
    summary: 'Whether a one-tap rating link may still rate (no token needed; names nobody)',
    params: Type.Object({ token: Type.String({ maxLength: 100 }) }),
    responses: { 200: RatingLinkState, 409: refused, 410: refused, ...errorResponses },
  },
});
