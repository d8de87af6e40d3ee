import { accountCalls } from './account-calls.ts';
import { accusationCalls } from './accusation-calls.ts';
import { accusationReviewCalls, accusationStatusCalls } from './accusation-review-calls.ts';
import { caseCalls, caseRequestCalls, ratingCalls } from './case-calls.ts';
import { divisionCalls } from './division-calls.ts';
import { acceptorSignInCalls, staffAlertCalls, staffSignInCalls } from './staff-calls.ts';
import { caseworkCalls } from './casework-calls.ts';
import { informationRequestCalls } from './information-request-calls.ts';
import { caseReviewCalls } from './case-review-calls.ts';
import { archiveCalls } from './archive-calls.ts';
import { managementCalls } from './management-calls.ts';
import { referenceDataCalls, staffUserCalls } from './administration-calls.ts';
import { healthCalls } from './operations-calls.ts';
import { noticeChannelCalls, telegramCalls } from './telegram-calls.ts';
import { smsGatewayCalls } from './sms-calls.ts';
import { closeAccountCalls } from './privacy-calls.ts';
import { openDataCalls } from './open-data-calls.ts';
import { myDataCalls, withdrawCalls } from './my-data-calls.ts';
import type { CallName } from './endpoints.ts';

/**
 * Every call the server has (README "API document"): routes are registered from these
 * (server/web/call-routes.ts), the OpenAPI document is made from them, and the app's
 * client takes their types.
 */
export const calls = {
  ...accountCalls,
  ...divisionCalls,
  ...caseRequestCalls,
  ...caseCalls,
  ...ratingCalls,
  ...accusationCalls,
  ...accusationReviewCalls,
  ...accusationStatusCalls,
  ...acceptorSignInCalls,
  ...staffSignInCalls,
  ...staffAlertCalls,
  ...caseworkCalls,
  ...informationRequestCalls,
  ...caseReviewCalls,
  ...archiveCalls,
  ...staffUserCalls,
  ...managementCalls,
  ...referenceDataCalls,
  ...healthCalls,
  ...noticeChannelCalls,
  ...telegramCalls,
  ...smsGatewayCalls,
  ...openDataCalls,
  ...closeAccountCalls,
  ...myDataCalls,
  ...withdrawCalls,
};
export type Calls = typeof calls;

// Every endpoint has its shapes, and nothing else does.
type Missing = Exclude<CallName, keyof Calls>;
const _complete: [Missing] extends [never] ? true : Missing = true;
void _complete;

export type { CallName } from './endpoints.ts';
export type { Answer, BodyOf, FormFieldsOf, ParamsOf, QueryOf, Success } from './call.ts';
