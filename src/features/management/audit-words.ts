import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';

/**
 * The audit log's action codes in the reader's language. A code is `<verb>` (take,
 * approve …) or `<verb>_<what>` (save_division); one this list does not know yet shows
 * as it is stored, so a new kind of action is never hidden. A verb whose English the
 * screens also use in another sense (the button "Set an appointment", the date label
 * "Closed") has the context `audit`, so translators give the audit line its own words.
 */
const VERBS: Record<string, MessageDescriptor> = {
  create: msg`Created`,
  save: msg`Changed`,
  delete: msg`Deleted`,
  take: msg`Took the case`,
  assign: msg`Assigned`,
  schedule: msg({ context: 'audit', message: 'Set an appointment' }),
  extend: msg`Moved the appointment`,
  respond: msg`Responded`,
  approve: msg`Approved the response`,
  return: msg`Sent the response back`,
  reject: msg`Rejected`,
  archive: msg`Archived`,
  note: msg`Added a note`,
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
};

const SUBJECTS: Record<string, MessageDescriptor> = {
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
};

export function actionLabel(i18n: I18n, action: string, subjectType: string): string {
  const subject = SUBJECTS[subjectType] ? i18n._(SUBJECTS[subjectType]) : subjectType;
  const verb = VERBS[action] ?? VERBS[action.replace(new RegExp(`_${subjectType}$`), '')];
  return verb ? `${i18n._(verb)} · ${subject}` : `${action} · ${subject}`;
}

/**
 * What acted without a staff account, by the actor role stored: `command_line` is
 * `npm run staff` on the server (actor_id null). Any other entry without a name is the system.
 */
const ACTORS_WITHOUT_ACCOUNT: Record<string, MessageDescriptor> = {
  command_line: msg`Command line`,
};

/** The Who column: the person's name with their role, or what acted without an account. */
export function actorLabel(i18n: I18n, entry: { actor_name: string; actor_role: string }): { name: string; role?: string } {
  const without = ACTORS_WITHOUT_ACCOUNT[entry.actor_role];
  if (without) return { name: i18n._(without) };
  return { name: entry.actor_name || i18n._(msg`System`), role: entry.actor_role };
}
