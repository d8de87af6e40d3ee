import { CATALOG_LOCALE, translate, type Language } from '../errors/catalogs.ts';
import { caseNoticeSources, passwordNoticeSources } from '../mail/mail-sources.ts';
import type { Mail } from '../mail/mailer.ts';
import type { CaseNotice, NoticePayload, PasswordNotice } from './notices.ts';

/** The notices written here; a staff alert's e-mail is staff-alert-mail.ts's. */
type Notice = CaseNotice | PasswordNotice;

/** The notices in the six languages, from the server catalogs (server/mail/mail-sources.ts). */
const sources = { ...caseNoticeSources, ...passwordNoticeSources };
const texts = translate(sources);

/** A notice's texts are named after it: processing_started → processingStartedMailSubject … */
const PREFIX: Record<Notice, string> = {
  processing_started: 'processingStarted',
  appointment_set: 'appointmentSet',
  appointment_moved: 'appointmentMoved',
  answered: 'answered',
  rejected: 'rejected',
  review_decided: 'reviewDecided',
  information_requested: 'informationRequested',
  information_reminder: 'informationReminder',
  password_changed: 'passwordChanged',
  staff_password_changed: 'staffPasswordChanged',
};

type TextKey = keyof typeof sources;

/** The person a notice addresses: a customer, or a staff user (no phone; the language their job carries). */
export interface Recipient {
  firstname: string;
  email: string;
  phone: string;
  language: string;
}

const LANGUAGES = new Set(Object.keys(CATALOG_LOCALE));
/** The stored language if the server writes it; Amharic otherwise, as for every other mail (SPEC 9). */
export const languageOf = (recipient: Recipient): Language => (LANGUAGES.has(recipient.language) ? (recipient.language as Language) : 'am');

/**
 * An appointment's day as the customer reads dates in the app: the Ethiopian calendar for
 * Amharic and Tigrinya readers (with the era as they write it, ዓ.ም.), the Gregorian one
 * otherwise, always on Addis Ababa's clock whatever the server's zone.
 */
export function appointmentDay(iso: string, language: Language): string {
  const locale = CATALOG_LOCALE[language];
  const options = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Africa/Addis_Ababa' } as const;
  const date = new Date(iso);
  if (locale === 'am' || locale === 'ti') {
    const parts = new Intl.DateTimeFormat(`${locale}-ET-u-ca-ethiopic`, options).formatToParts(date);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
    return `${part('day')} ${part('month')} ${part('year')} ዓ.ም.`;
  }
  // Oromo, Somali and Afar month names are not in every ICU: English ones then, never a number-only date.
  const supported = Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;
  return new Intl.DateTimeFormat(supported ? locale : 'en', options).format(date);
}

function fill(key: TextKey, language: Language, values: Record<string, string>): string {
  return texts[key][language].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function valuesOf(recipient: Recipient, payload: NoticePayload, link: string, language: Language): Record<string, string> {
  return {
    name: recipient.firstname,
    caseNumber: payload.caseNumber ?? '',
    date: payload.date ? appointmentDay(payload.date, language) : '',
    justification: payload.justification ?? '',
    reviewDays: String(payload.reviewDays ?? ''),
    message: payload.message ?? '',
    ratingLink: payload.ratingLink ?? '',
    link,
  };
}

/** The notice's e-mail in the recipient's language; `link` opens the case in the portal, or where to act on a password change. */
export function noticeMail(notice: Notice, recipient: Recipient, payload: NoticePayload, link: string): Mail {
  const language = languageOf(recipient);
  const values = valuesOf(recipient, payload, link, language);
  const prefix = PREFIX[notice];
  return {
    to: recipient.email,
    subject: fill(`${prefix}MailSubject` as TextKey, language, values),
    text: fill(`${prefix}MailText` as TextKey, language, values) + (payload.ratingLink ? `\n${fill('answeredRatingLinkText', language, values)}` : '')
      + (payload.reviewDays ? `\n${fill('rejectedReviewText', language, values)}` : ''),
  };
}

/** The notice's SMS text in the customer's language. */
export function noticeSms(notice: Notice, recipient: Recipient, payload: NoticePayload, link: string): string {
  const language = languageOf(recipient);
  return fill(`${PREFIX[notice]}Sms` as TextKey, language, valuesOf(recipient, payload, link, language));
}
