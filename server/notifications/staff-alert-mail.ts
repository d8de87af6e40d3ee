import { CATALOG_LOCALE, translate, type Language } from '../errors/catalogs.ts';
import { staffAlertSources } from '../mail/mail-sources.ts';
import type { Mail } from '../mail/mailer.ts';
import type { AlertMail, DueDigestItem, NoticePayload } from './notices.ts';
import { appointmentDay, type Recipient } from './notice-texts.ts';

/** The staff alerts' e-mails in the six languages, from the server catalogs (server/mail/mail-sources.ts). */
const texts = translate(staffAlertSources);
type TextKey = keyof typeof staffAlertSources;

/** An alert's texts are named after its kind: case_assigned → caseAssignedAlertSubject … */
const PREFIX: Record<AlertMail['kind'], string> = {
  case_assigned: 'caseAssigned',
  approval_waiting: 'approvalWaiting',
  response_returned: 'responseReturned',
  accusation_filed: 'accusationFiled',
  case_transferred: 'caseTransferred',
  review_requested: 'reviewRequested',
  information_answered: 'informationAnswered',
  information_unanswered: 'informationUnanswered',
  case_withdrawn: 'caseWithdrawn',
};

const LANGUAGES = new Set(Object.keys(CATALOG_LOCALE));
/** The language the staff user last used the portal in; Amharic when unknown, as for every other mail (SPEC 9). */
const languageOf = (recipient: Recipient): Language => (LANGUAGES.has(recipient.language) ? (recipient.language as Language) : 'am');

function fill(key: TextKey, language: Language, values: Record<string, string>): string {
  return texts[key][language].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Where an alert takes its reader: the staff page of its case or accusation. */
export const alertLink = (publicUrl: string, alert: Pick<AlertMail, 'caseId' | 'accusationId'>) =>
  alert.caseId ? `${publicUrl}/staff/cases/${alert.caseId}` : `${publicUrl}/staff/accusations/${alert.accusationId}`;

/** A due moment is the midnight that ends the due day: the day shown is the one before it. */
const dueDayOf = (dueAt: string, language: Language) => appointmentDay(new Date(Date.parse(dueAt) - 12 * 3_600_000).toISOString(), language);

function footer(language: Language, publicUrl: string) {
  return `\n${fill('alertMailFooter', language, { settingsLink: `${publicUrl}/staff/alerts` })}\n`;
}

/** One alert's e-mail, in the staff user's language, with the link to its case or accusation. */
export function staffAlertMail(recipient: Recipient, alert: AlertMail, publicUrl: string): Mail {
  const language = languageOf(recipient);
  const values = {
    name: recipient.firstname,
    caseNumber: alert.caseNumber ?? '',
    reference: alert.reference ?? '',
    note: alert.note ?? '',
    directorate: alert.directorate?.[language] || alert.directorate?.en || '',
    link: alertLink(publicUrl, alert),
  };
  const prefix = PREFIX[alert.kind];
  return {
    to: recipient.email,
    subject: fill(`${prefix}AlertSubject` as TextKey, language, values),
    text: fill(`${prefix}AlertText` as TextKey, language, values) + footer(language, publicUrl),
  };
}

/** Each due-date event's line in the digest. */
const DIGEST_LINE: Record<DueDigestItem['kind'], TextKey> = {
  due_soon: 'dueSoonDigestLine',
  late: 'lateDigestLine',
  escalated: 'escalatedDigestLine',
};

/** The day's digest: one line per due-soon, late or escalated case, each with its link. */
export function dueDigestMail(recipient: Recipient, items: DueDigestItem[], publicUrl: string): Mail {
  const language = languageOf(recipient);
  const cases = items
    .map((item) =>
      fill(DIGEST_LINE[item.kind], language, {
        caseNumber: item.caseNumber,
        date: dueDayOf(item.dueAt, language),
        link: alertLink(publicUrl, { caseId: item.caseId }),
      }),
    )
    .join('\n');
  return {
    to: recipient.email,
    subject: fill('dueDigestSubject', language, {}),
    text: fill('dueDigestText', language, { name: recipient.firstname, cases }) + footer(language, publicUrl),
  };
}

/** A staff job's e-mail: an alert, or a digest. */
export function staffNoticeMail(recipient: Recipient, payload: NoticePayload, publicUrl: string): Mail {
  return payload.alert ? staffAlertMail(recipient, payload.alert, publicUrl) : dueDigestMail(recipient, payload.due ?? [], publicUrl);
}
