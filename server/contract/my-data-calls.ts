import { Type } from 'typebox';
import { defineCalls } from './call.ts';
import { errorResponses, IdParams, Messages } from './common.ts';
import { API_LANGUAGE, type Locale } from './constants.ts';

const refused = errorResponses[400];
const withAuth = { 401: refused, ...errorResponses };

/** A document that is the whole answer (no JSON around it). */
const PdfFile = Type.Unsafe<Uint8Array>({ content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } });

/**
 * Issue 28: the customer's export of what the portal holds about them (the right of access and
 * portability of Proclamation No. 1321/2024). The JSON's parts are read from the database and
 * the file storage as they are now; the shape is documented here, not fixed by a schema, so a
 * new kind of row joins the export without a second contract.
 */
const MyData = Type.Object({
  /** When it was made, ISO. */
  exported_at: Type.String(),
  profile: Type.Record(Type.String(), Type.Unknown()),
  cases: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  history: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  ratings: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  files: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  notices: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  sms: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  telegram: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  notice_channels: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});

export const myDataCalls = defineCalls('my data', {
  exportMyData: {
    summary: 'Everything the portal holds about the signed-in customer, as JSON (a download)',
    description:
      'The profile (no password hash, codes or tokens), every case with its answers, requests for information, review and ' +
      'history as the customer sees them (getAllCases, getCaseHistory), the ratings with their comments, the list of their ' +
      'files (area, name, size, date; not the bytes), the notices queued for them by e-mail, SMS and Telegram, the SMS sent ' +
      'to their phone, the linked Telegram chat and their notice channels. Only the caller\'s own rows. ' +
      '`Content-Disposition: attachment`, `Cache-Control: no-store`.',
    responses: { 200: MyData, ...withAuth },
  },
  exportMyDataPdf: {
    summary: 'The same as exportMyData, as a readable PDF in the customer\'s language (a download)',
    description: "Labels in `language` (an app locale), else the customer's stored language. `Content-Disposition: attachment`, `Cache-Control: no-store`.",
    query: Type.Object({ language: Type.Optional(Type.Enum(Object.keys(API_LANGUAGE) as Locale[])) }),
    responses: { 200: PdfFile, ...withAuth },
  },
});

/** Issue 28: the customer withdraws one of their own cases not yet answered. */
export const withdrawCalls = defineCalls('cases', {
  withdrawCase: {
    summary: "Withdraw one of the customer's own cases not yet answered (it becomes withdrawn)",
    description:
      'Only from `pending`, `ongoing` or `waiting_customer` (anything else: 409 `caseNotWithdrawable`); another customer\'s ' +
      'case: 404. A case moved by staff while it was being withdrawn: 409 `caseChangedMeanwhile`. The ' +
      "case leaves the staff's queues; its holder (or, unassigned, its directorate's managers) is alerted; the history says " +
      'the customer withdrew it. A withdrawn case counts in the total of getCaseSummary only.',
    params: IdParams,
    responses: { 200: Type.Intersect([Messages, Type.Object({ status: Type.Literal('withdrawn') })]), 409: refused, ...withAuth },
  },
});
