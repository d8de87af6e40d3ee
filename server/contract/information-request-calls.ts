import { Type } from 'typebox';
import { defineCalls } from './call.ts';
import { errorResponses, IdParams, Messages } from './common.ts';
import { CaseMoved } from './cases.ts';
import { SeenVersion } from './casework-calls.ts';
import { INFORMATION_MESSAGE_MAX } from './constants.ts';
import { AttachmentUpload } from './uploads.ts';

const refused = errorResponses[400];
const withAuth = { 401: refused, 409: refused, ...errorResponses };

/**
 * Issue 25, "Ask the customer": an officer asks the customer of an ongoing case for
 * information or a document; the case waits for them (waiting_customer) until they answer on
 * the case page, or until the officer closes it as unanswered once INFO_EXPIRY_DAYS passed.
 */
export const informationRequestCalls = defineCalls('information requests', {
  staffRequestInformation: {
    summary: "Ask the customer of an ongoing case for information or a document (it becomes waiting_customer)",
    description:
      'Only by whoever may move the case (its officer, or a manager of its directorate), only from `ongoing`. `message` is ' +
      "shown to the customer on the case page, in the e-mail and in the history (action `request_information`); the SMS " +
      'only says something waits in the portal. The due day stops while the case waits.',
    params: IdParams,
    body: Type.Object({
      message: Type.String({ minLength: 1, maxLength: INFORMATION_MESSAGE_MAX, pattern: '\\S' }),
      version: SeenVersion,
    }, { additionalProperties: false }),
    responses: { 200: CaseMoved, 403: refused, ...withAuth },
  },
  staffCloseUnanswered: {
    summary: 'Reject a waiting_customer case whose request went unanswered for INFO_EXPIRY_DAYS working days',
    description:
      'As staffRejectCase rejects, with a standard reason in the customer\'s language naming the request\'s date. Before ' +
      'the request has been open INFO_EXPIRY_DAYS working days: 409 `infoRequestStillOpen`.',
    params: IdParams,
    body: Type.Union([Type.Object({ version: SeenVersion }, { additionalProperties: false }), Type.Null()]),
    responses: { 200: CaseMoved, 403: refused, ...withAuth },
  },
  answerInformationRequest: {
    summary: "Answer the corporation's request for information on one's own waiting case (it becomes ongoing)",
    description:
      'Another customer\'s case: 404; a case not waiting for its customer: 409 `caseNotWaitingForCustomer`. An ' +
      'Idempotency-Key header works as for createCase: a repeat answers the first receipt and stores nothing; the same key ' +
      'with another body: 422.',
    params: IdParams,
    form: {
      fields: Type.Object({ text: Type.String({ minLength: 1, maxLength: INFORMATION_MESSAGE_MAX }), attachment_upload: AttachmentUpload }),
      file: { name: 'attachment', description: 'Optional PDF, at most 10 MB.' },
    },
    responses: {
      200: Type.Intersect([Messages, Type.Object({ status: Type.Literal('ongoing') })]),
      // 409 (withAuth) also for an attachment_upload used already or not finished, 410 past its 7 days (issue 27).
      410: refused, 413: refused, 422: refused, ...withAuth,
    },
  },
});
