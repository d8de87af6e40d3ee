import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { formatDate, formatTime } from '../../i18n/dates.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import type { AuditSubjectType } from '../../../server/contract/management-calls.ts';

/**
 * The audit log's action codes in the reader's language. A code is `<verb>` (take,
 * approve …) or `<verb>_<what>` (save_division); one this list does not know yet reads
 * "Other action" (its code in the line's tooltip), so a new kind of action is never hidden
 * and no code reaches the screen. A verb whose English the screens also use in another
 * sense (the button "Set an appointment", the date label "Closed") has the context
 * `audit`, so translators give the audit line its own words.
 */
const VERBS: Record<string, MessageDescriptor> = {
  create: msg`Created`,
  // A save with nothing before it made the record (an archival category is saved either way).
  add: msg({ context: 'audit', message: 'Added' }),
  save: msg`Changed`,
  delete: msg`Deleted`,
  take: msg`Took the case`,
  assign: msg`Assigned`,
  schedule: msg({ context: 'audit', message: 'Set an appointment' }),
  extend: msg`Moved the appointment`,
  respond: msg`Responded`,
  approve: msg`Approved the response`,
  return: msg`Sent the response back`,
  reject: msg({ context: 'audit', message: 'Rejected' }),
  archive: msg`Archived`,
  // A filing corrected within its 30 days (its before and after name the two categories).
  refile: msg`Moved to another category`,
  note: msg`Added a note`,
  // A case moved to another directorate's queue (its before and after name the two).
  transfer: msg`Transferred to another directorate`,
  start_review: msg`Started the review`,
  close: msg({ context: 'audit', message: 'Closed' }),
  set_password: msg`Set their password`,
  // A staff user's own sign-in (subject: themselves); a failure is named under the account tried.
  sign_in: msg({ context: 'audit', message: 'Logged in' }),
  sign_in_failed: msg({ context: 'audit', message: 'Log-in failed' }),
  sign_out: msg`Ended their session`,
  enrol_two_factor: msg({ context: 'audit', message: 'Set up two-step log-in' }),
  two_factor_failed: msg`Gave a wrong log-in code`,
  reset_two_factor: msg`Reset two-step log-in`,
  // Their own alerts by e-mail turned on or off (issue 24), on the "My alerts" page.
  save_alert_settings: msg`Changed their alert e-mails`,
  // Issue 28: a customer closed their account; the retention sweep anonymised a case or an
  // account, or removed an accusation's complainant's contact details.
  close_account: msg`Closed their account`,
  anonymise: msg`Anonymised after the retention period`,
  remove_contact: msg`Removed the complainant's contact details after the retention period`,
};

const SUBJECTS: Record<AuditSubjectType, MessageDescriptor> = {
  case: msg`Case`,
  accusation: msg`Accusation`,
  division: msg`Division`,
  directorate: msg`Directorate`,
  team: msg`Team`,
  case_request: msg`Case request`,
  question: msg`Question`,
  staff: msg`Staff user`,
  holiday: msg`Holiday`,
  setting: msg`Setting`,
  archival_category: msg`Archival category`,
  account: msg`Customer account`,
};

/** An entry's action and the kind of record it is about: "Changed · Directorate". */
export function actionLabel(i18n: I18n, entry: { action: string; subject_type: string; before?: unknown }): string {
  const subject = isSubjectType(entry.subject_type) ? i18n._(SUBJECTS[entry.subject_type]) : i18n._(msg`Other record`);
  // save_division, delete_holiday, save_languages: the verb before what it acted on.
  const code = VERBS[entry.action] ? entry.action : entry.action.split('_')[0];
  const verb = code === 'save' && (entry.before === null || entry.before === undefined) ? VERBS.add : (VERBS[entry.action] ?? VERBS[code]);
  return `${i18n._(verb ?? msg`Other action`)} · ${subject}`;
}

/**
 * What acted without a staff account, by the actor role stored: `command_line` is
 * `npm run staff` on the server (actor_id null). Any other entry without a name is the system.
 */
const ACTORS_WITHOUT_ACCOUNT: Record<string, MessageDescriptor> = {
  command_line: msg`Command line`,
  // Issue 28: a customer closing their own account (no staff account, no name kept).
  customer: msg`The customer`,
};

/** The staff roles, as the staff list names them (the stored accusation_acceptor is the ethics role). */
const ROLES: Record<string, MessageDescriptor> = {
  officer: msg`Officer`,
  manager: msg`Manager`,
  accusation_acceptor: msg`Ethics`,
  archivist: msg`Archivist`,
  admin: msg`Administrator`,
};
export const roleLabel = (i18n: I18n, role: string) => i18n._(ROLES[role] ?? msg`Other role`);

/** The Who column: the person's name with their role, or what acted without an account. */
export function actorLabel(i18n: I18n, entry: { actor_name: string; actor_role: string }): { name: string; role?: string } {
  const without = ACTORS_WITHOUT_ACCOUNT[entry.actor_role];
  if (without) return { name: i18n._(without) };
  return { name: entry.actor_name || i18n._(msg`System`), role: entry.actor_name ? roleLabel(i18n, entry.actor_role) : undefined };
}

/** The kinds of record, for the subject filter. */
export const isSubjectType = (value: unknown): value is AuditSubjectType => typeof value === 'string' && Object.hasOwn(SUBJECTS, value);
export const subjectTypes = (i18n: I18n) =>
  (Object.keys(SUBJECTS) as AuditSubjectType[]).map((value) => ({ value, label: i18n._(SUBJECTS[value]) }));

/** What the one setting the portal audits is (portal_setting's key). */
const SETTINGS: Record<string, MessageDescriptor> = {
  languages: msg`Languages offered`,
};
export const settingLabel = (i18n: I18n, key: string) => i18n._(SETTINGS[key] ?? msg`Other setting`);

/**
 * The fields an entry's before and after hold, by the key the server writes (grep recordAudit's
 * callers). A name kept per language (`name_am`, `case_name_en`, `value_or` …) is its field's
 * word and the language's name. An unknown key reads "Other detail" (its key in the tooltip).
 */
const FIELDS: Record<string, MessageDescriptor> = {
  status: msg({ context: 'audit', message: 'State' }),
  assigned_to: msg({ context: 'audit', message: 'Assigned to' }),
  assignedTo: msg({ context: 'audit', message: 'Assigned to' }),
  scheduled_date: msg`Appointment`,
  extended_date: msg`Appointment moved to`,
  response_attachment: msg`Response letter`,
  archival_category: msg`Archival category`,
  note: msg`Internal note`,
  role: msg`Role`,
  directorate_id: msg`Directorate`,
  // A transfer's: the directorate whose queue the case is in.
  directorate: msg`Directorate`,
  // Their own alerts by e-mail, on or off.
  mail: msg`Alerts by e-mail`,
  division_id: msg`Division`,
  team_id: msg`Team`,
  case_request_id: msg`Case request`,
  names_changed: msg`Name changed`,
  email_changed: msg`E-mail changed`,
  password_link_sent: msg`Set-password link sent`,
  reason: msg({ context: 'audit', message: 'Why' }),
  target_working_days: msg`Target (working days)`,
  position: msg`Position in the list`,
  input_type: msg`Answer field`,
  data_type: msg`Answer type`,
  is_required: msg`Required`,
  show_in_queue: msg`Shown in the queue`,
  special: msg`Special division`,
  options: msg`Options`,
  calendar: msg`Calendar`,
  month: msg`Month`,
  day: msg`Day`,
  date: msg`Date`,
  name: msg`Name`,
  case_name: msg`Name`,
  value: msg`Name`,
  description: msg`Description`,
  languages: msg`Languages offered`,
};

/** The spec's language suffixes of stored names, and the app's locale each is. */
const NAME_LANGUAGES: Record<string, Locale> = { en: 'en', am: 'am', or: 'om', tg: 'ti', sm: 'so', af: 'aa' };

export function fieldLabel(i18n: I18n, key: string): string {
  const perLanguage = /^(.+)_(en|am|or|tg|sm|af)$/.exec(key);
  if (perLanguage && FIELDS[perLanguage[1]]) return `${i18n._(FIELDS[perLanguage[1]])} (${LOCALES[NAME_LANGUAGES[perLanguage[2]]].label})`;
  return i18n._(FIELDS[key] ?? msg`Other detail`);
}

/** Every code a field can hold, in the staff's words (the states as the queue's badges say them). */
const CODES: Record<string, MessageDescriptor> = {
  pending: msg`new`,
  ongoing: msg`in progress`,
  responded: msg`waiting for approval`,
  verified: msg`approved`,
  rejected: msg`rejected`,
  archived: msg`archived`,
  received: msg`received`,
  under_review: msg`under review`,
  closed: msg`closed`,
  active: msg`active`,
  inactive: msg`inactive`,
  gregorian: msg`Gregorian, every year`,
  ethiopian: msg`Ethiopian, every year`,
  dated: msg`One day`,
  normal_input: msg`One line`,
  text_area: msg`Several lines`,
  select: msg`A choice`,
  string: msg`Text`,
  number: msg`Number`,
  yes: msg`Yes`,
  no: msg`No`,
  // A note's words stay in the history: the log says only that one was added.
  added: msg({ context: 'audit', message: 'Added' }),
  // Why a log-in code was refused.
  wrong: msg`Wrong code`,
  replayed: msg`Code already used`,
};
const ROLE_FIELDS = new Set(['role']);

/** What a field's value says to a reader; null when the entry names no value (shown as "—"). */
export interface ValueContext {
  i18n: I18n;
  locale: Locale;
  /** The ids the page's entries hold, named per stored language (the reader's `names`). */
  names: Record<string, Record<string, string>>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
// Midnight UTC is how a day without a time is stored (an appointment): it is that day.
const DAY_AT_MIDNIGHT = /^(\d{4}-\d{2}-\d{2})T00:00:00(\.000)?Z$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** An id as what it names now, in the reader's language (else English); a record gone since reads as such. */
export function namedId({ i18n, locale, names }: ValueContext, id: string): string {
  const named = names[id.toLowerCase()];
  return named?.[LOCALES[locale].spec.toLowerCase()] || named?.en || i18n._(msg`a record deleted since`);
}

export function valueText(context: ValueContext, key: string, value: unknown): string {
  const { i18n, locale } = context;
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return i18n._(value ? msg`Yes` : msg`No`);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length ? value.map((item) => valueText(context, key, item)).join(', ') : '—';
  if (typeof value === 'object') {
    // A question's option: its words in the reader's language.
    const option = value as Record<string, unknown>;
    const words = option[`value_${LOCALES[locale].spec.toLowerCase()}`] ?? option.value_en;
    return typeof words === 'string' ? words : i18n._(msg`Other detail`);
  }
  const text = String(value);
  if (UUID.test(text)) return namedId(context, text);
  if (ROLE_FIELDS.has(key)) return roleLabel(i18n, text);
  if (key === 'languages') return LOCALES[text as Locale]?.label ?? text;
  if (key === 'response_attachment') return i18n._(msg`Attached`);
  if (CODES[text]) return i18n._(CODES[text]);
  const day = DAY.exec(text)?.[0] ?? DAY_AT_MIDNIGHT.exec(text)?.[1];
  if (day) return formatDate(`${day}T12:00:00Z`, locale) ?? text;
  if (MOMENT.test(text)) return `${formatDate(text, locale)} ${formatTime(new Date(text), locale)}`;
  return text;
}

export interface ChangeLine {
  /** The field's code, kept for the tooltip. */
  key: string;
  label: string;
  /** Absent for a field the action added. */
  before?: string;
  /** Absent for a field the action deleted. */
  after?: string;
}

/**
 * before → after as lines: only the fields that changed, so an edit reads at a glance. A
 * setting's value is a list, not fields: it is one line under the setting's name.
 */
export function changeLines(context: ValueContext, entry: { subject_type: string; subject_id: string; before: unknown; after: unknown }): ChangeLine[] {
  const { i18n } = context;
  const fields = (side: unknown): Record<string, unknown> =>
    Array.isArray(side) ? { [entry.subject_type === 'setting' ? entry.subject_id : 'value']: side } : ((side ?? {}) as Record<string, unknown>);
  const before = fields(entry.before);
  const after = fields(entry.after);
  const gone = entry.after === null || entry.after === undefined;
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    // The record's own id says nothing the line's subject does not.
    .filter((key) => key !== 'id' && JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({
      key,
      label: entry.subject_type === 'setting' && key === entry.subject_id ? settingLabel(i18n, key) : fieldLabel(i18n, key),
      before: key in before ? valueText(context, key, before[key]) : undefined,
      // A deletion keeps only what was there: "Name: Fasika", not "Fasika → —".
      after: gone ? undefined : valueText(context, key, after[key]),
    }));
}
