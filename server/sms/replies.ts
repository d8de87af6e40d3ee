import { API_LANGUAGE, type Locale } from '../contract/constants.ts';
import type { AccusationStatus } from '../contract/accusations.ts';
import type { CaseStatus } from '../contract/cases.ts';
import { CATALOG_LOCALE, translate, type Language } from '../errors/catalogs.ts';
import { appointmentDay } from '../notifications/notice-texts.ts';
import { smsReplySources, smsStatusSources } from './sms-sources.ts';

const replies = translate(smsReplySources);
const statusWords = translate(smsStatusSources);
type StatusWord = keyof typeof smsStatusSources;

/** A case's status as its owner reads it in the app (src/features/cases/status-badge.tsx): respond and return stay "processing". */
const CASE_WORD: Record<CaseStatus, StatusWord> = {
  pending: 'smsStatusPending',
  ongoing: 'smsStatusProcessing',
  responded: 'smsStatusProcessing',
  verified: 'smsStatusResponded',
  rejected: 'smsStatusRejected',
  waiting_customer: 'smsStatusWaitingForYou',
  under_review: 'smsStatusUnderReview',
  withdrawn: 'smsStatusWithdrawn',
};
const ACCUSATION_WORD: Record<AccusationStatus, StatusWord> = {
  received: 'smsStatusReceived',
  under_review: 'smsStatusUnderReview',
  closed: 'smsStatusClosed',
};

/** What an incoming SMS is answered about: a case (with its appointment, if one is set), an accusation, or an unknown number. */
export type Found =
  | { kind: 'case'; number: string; status: CaseStatus; appointment?: string }
  | { kind: 'accusation'; number: string; status: AccusationStatus }
  | { kind: 'not_found'; number: string };

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** The one-segment status reply: the number, its translated status and, for a case, the appointment day. Nothing more. */
export function statusReply(found: Found, language: Language): string {
  if (found.kind === 'not_found') return fill(replies.smsNotFoundSms[language], { number: found.number });
  const word = found.kind === 'case' ? CASE_WORD[found.status] : ACCUSATION_WORD[found.status];
  const values = { number: found.number, status: statusWords[word][language] };
  if (found.kind === 'case' && found.appointment) {
    return fill(replies.smsStatusAppointmentSms[language], { ...values, date: appointmentDay(found.appointment, language) });
  }
  return fill(replies.smsStatusReplySms[language], values);
}

/** The replies that name nothing: the help, and the confirmations of STOP and START. */
export const fixedReply = (reply: 'smsHelpSms' | 'smsStoppedSms' | 'smsStartedSms', language: Language) => replies[reply][language];

const LANGUAGES = new Set<string>(Object.keys(CATALOG_LOCALE));

/**
 * The language of a reply: a keyword EN, AM, OM, TI, SO or AA anywhere in the text (the
 * locales the language selector offers), else the sender's account language, else Amharic
 * (SPEC 9). `text` must not hold the number looked up any more: its prefix could read as one.
 */
export function replyLanguage(text: string, accountLanguage: string | undefined): Language {
  const keyword = /\b(EN|AM|OM|TI|SO|AA)\b/i.exec(text)?.[1].toLowerCase() as Locale | undefined;
  if (keyword) return API_LANGUAGE[keyword];
  return accountLanguage && LANGUAGES.has(accountLanguage) ? (accountLanguage as Language) : 'am';
}
