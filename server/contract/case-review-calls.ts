import { Type } from 'typebox';
import { defineCalls } from './call.ts';
import { errorResponses, IdParams } from './common.ts';
import { CaseMoved, ReviewOutcome } from './cases.ts';
import { SeenVersion } from './casework-calls.ts';

const refused = errorResponses[400];
const withAuth = { 401: refused, 409: refused, ...errorResponses };
/** A reason or a justification: some text that is not only spaces (trimmed by the server). */
const ReviewText = Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S' });

/** Issue 25: the review of a decision, asked for by its customer and decided by a manager who had no part in it. */
export const caseReviewCalls = defineCalls('case reviews', {
  requestCaseReview: {
    summary: "Ask for a review of one of the customer's decided cases (it becomes under_review)",
    description:
      'The owner only (anyone else: 404). Only a verified or rejected case, within REVIEW_WINDOW_DAYS working days after its ' +
      'decision (`review_until`; later, or archived: 409 `reviewWindowClosed`), once per decision (409 `reviewAlreadyRequested`; ' +
      "a decision made after a \"changed\" review opens a new window). The review is due after the case request's target in " +
      'working days, counted from the request. The directorate\'s managers are alerted.',
    params: IdParams,
    body: Type.Object({ reason: ReviewText }, { additionalProperties: false }),
    responses: { 200: Type.Object({ status: Type.Literal('under_review') }), ...withAuth },
  },
  staffDecideReview: {
    summary: 'Decide the review of a case under review: upheld (the decision stands) or changed (back to ongoing for a new answer)',
    description:
      "A manager of the case's directorate who neither wrote, approved nor rejected the decision; an admin only where the " +
      'directorate has no such active manager (else 403 `reviewNeedsAnotherManager`). A case not under review: 409 ' +
      '`caseMoveNotAllowed`. `upheld` restores verified or rejected as it was; `changed` returns the case to ongoing, its ' +
      'old decision no longer shown to the customer as current, and the new answer is approved as any other. Either way the ' +
      'server writes a letter (PDF) to the customer with the justification, signed by the deciding manager.',
    params: IdParams,
    body: Type.Object({ outcome: ReviewOutcome, justification: ReviewText, version: SeenVersion }, { additionalProperties: false }),
    responses: { 200: CaseMoved, 403: refused, ...withAuth },
  },
});
