import { Type, type Static, type TString } from 'typebox';
import { defineCalls } from './call.ts';
import { errorResponses, Id, IdParams, Messages, Status } from './common.ts';

const refused = errorResponses[400];
const Text = Type.String({ maxLength: 200 });
const LongText = Type.String({ maxLength: 2000 });
/** A response letter's starting text (issue 25): a page of a letter at most. */
const LetterText = Type.String({ maxLength: 5000 });

type Suffixed<P extends string> = `${P}_${'en' | 'am' | 'or' | 'tg' | 'sm' | 'af'}`;

/** `prefix_en` … `prefix_af`: one field a language, as the public calls name them (SPEC section 7). */
function six<P extends string>(prefix: P, text: TString = Text): Record<Suffixed<P>, TString> {
  return Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((lang) => [`${prefix}_${lang}`, text])) as Record<
    Suffixed<P>,
    TString
  >;
}

export const InputType = Type.Union([Type.Literal('normal_input'), Type.Literal('text_area'), Type.Literal('select')]);
export type InputType = Static<typeof InputType>;
export const DataType = Type.Union([Type.Literal('string'), Type.Literal('number')]);

/** A select's option: `used` when a filed case chose it (then it is never removed). */
export const AdminOption = Type.Object({ id: Id, status: Status, position: Type.Integer(), used: Type.Boolean(), ...six('value') });
export const AdminQuestion = Type.Object({
  id: Id,
  case_request_id: Id,
  input_type: Type.String(),
  data_type: Type.String(),
  is_required: Type.Boolean(),
  /** The staff queue shows its answer beside each case (issue 24). */
  show_in_queue: Type.Boolean(),
  status: Status,
  position: Type.Integer(),
  /** A filed case answers it: it is never deleted. */
  used: Type.Boolean(),
  options: Type.Array(AdminOption),
  ...six('name'),
});
export type AdminQuestion = Static<typeof AdminQuestion>;

export const AdminCaseRequest = Type.Object({
  id: Id,
  division_id: Id,
  /** The directorate whose queue its cases land in; null: the division's first active one. */
  directorate_id: Type.Union([Id, Type.Null()]),
  /**
   * Where a case filed now goes: `directorate_id`, else the division's first active directorate by
   * English name (then id); null when the division has no active directorate (the case waits in no queue).
   */
  handling_directorate_id: Type.Union([Id, Type.Null()]),
  target_working_days: Type.Integer(),
  status: Status,
  position: Type.Integer(),
  questions: Type.Array(AdminQuestion),
  ...six('case_name'),
  /** The letter an officer starts a response from, per language ('' for none); see adminSaveLetterTemplate. */
  ...six('letter_template', LetterText),
});
export type AdminCaseRequest = Static<typeof AdminCaseRequest>;

export const AdminTeam = Type.Object({ id: Id, directorate_id: Id, status: Status, ...six('name') });
export const AdminDirectorate = Type.Object({ id: Id, division_id: Id, status: Status, teams: Type.Array(AdminTeam), ...six('name') });
export type AdminDirectorate = Static<typeof AdminDirectorate>;

/** A division with everything under it, inactive entries included. */
export const AdminDivision = Type.Object({
  id: Id,
  status: Status,
  special: Type.Union([Type.Literal('yes'), Type.Literal('no')]),
  directorates: Type.Array(AdminDirectorate),
  case_requests: Type.Array(AdminCaseRequest),
  ...six('name'),
  ...six('description', LongText),
});
export type AdminDivision = Static<typeof AdminDivision>;

// Drafts: without id a new entry, with id the changes to one. English and Amharic are
// required (the two languages always offered); the others may wait for a translator.
export const DivisionDraft = Type.Object({
  id: Type.Optional(Id),
  status: Status,
  special: Type.Union([Type.Literal('yes'), Type.Literal('no')]),
  ...six('name'),
  ...six('description', LongText),
});
export type DivisionDraft = Static<typeof DivisionDraft>;
export const DirectorateDraft = Type.Object({ id: Type.Optional(Id), division_id: Id, status: Status, ...six('name') });
export type DirectorateDraft = Static<typeof DirectorateDraft>;
export const TeamDraft = Type.Object({ id: Type.Optional(Id), directorate_id: Id, status: Status, ...six('name') });
export type TeamDraft = Static<typeof TeamDraft>;
export const CaseRequestDraft = Type.Object({
  id: Type.Optional(Id),
  division_id: Id,
  directorate_id: Type.Union([Id, Type.Null()]),
  target_working_days: Type.Integer(),
  status: Status,
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  ...six('case_name'),
});
export type CaseRequestDraft = Static<typeof CaseRequestDraft>;
/** A case request's response letter template in the six languages; '' leaves a language without one. */
export const LetterTemplateDraft = Type.Object(six('letter_template', LetterText));
export type LetterTemplateDraft = Static<typeof LetterTemplateDraft>;
/** A select's option: in the order given; an option left out is removed (unless a case chose it: 409). */
export const OptionDraft = Type.Object({ id: Type.Optional(Id), status: Type.Optional(Status), ...six('value') });
export type OptionDraft = Static<typeof OptionDraft>;
export const QuestionDraft = Type.Object({
  id: Type.Optional(Id),
  case_request_id: Id,
  input_type: InputType,
  data_type: DataType,
  is_required: Type.Boolean(),
  /** Show its answer in the staff queue; absent keeps what the question had (false for a new one). */
  show_in_queue: Type.Optional(Type.Boolean()),
  status: Status,
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  options: Type.Array(OptionDraft, { maxItems: 100 }),
  ...six('name'),
});
export type QuestionDraft = Static<typeof QuestionDraft>;

/** A holiday the due dates skip: every year (Gregorian or Ethiopian month and day) or once (date). */
export const Holiday = Type.Object({
  id: Id,
  calendar: Type.Union([Type.Literal('gregorian'), Type.Literal('ethiopian'), Type.Literal('dated')]),
  month: Type.Union([Type.Integer(), Type.Null()]),
  day: Type.Union([Type.Integer(), Type.Null()]),
  /** YYYY-MM-DD for a dated holiday. */
  date: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
});
export type Holiday = Static<typeof Holiday>;
export const HolidayDraft = Type.Object({
  id: Type.Optional(Id),
  calendar: Holiday.properties.calendar,
  month: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  day: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  date: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Null()])),
  name: Text,
});
export type HolidayDraft = Static<typeof HolidayDraft>;

/** The app's locales (src/i18n/locales.ts) the language selector offers. */
export const LocaleCode = Type.Union([
  Type.Literal('en'),
  Type.Literal('am'),
  Type.Literal('om'),
  Type.Literal('ti'),
  Type.Literal('so'),
  Type.Literal('aa'),
]);
export const Languages = Type.Object({ languages: Type.Array(LocaleCode) });
export type Languages = Static<typeof Languages>;

/** A save's answer: the message, and the entry's id (a new entry's too). */
const savedId = Type.Intersect([Messages, Type.Object({ id: Id })]);
const adminOnly = { 401: refused, 409: refused, ...errorResponses };
const SAVE =
  'Without `id` a new entry; with `id` the changes to it. English and Amharic names are required. ' +
  'One transaction with its audit entry (before → after).';

/**
 * The admin's reference data: divisions, directorates, teams, case requests and
 * their questions, holidays and the languages offered. Public reads are unchanged (SPEC 7).
 */
export const referenceDataCalls = defineCalls('administration', {
  adminListDivisions: {
    summary: 'Every division with its directorates, teams, case requests, questions and options, inactive ones too',
    responses: { 200: Type.Object({ divisions: Type.Array(AdminDivision) }), 401: refused, ...errorResponses },
  },
  adminSaveDivision: {
    summary: 'Add or change a division',
    description: SAVE,
    body: DivisionDraft,
    responses: { 200: savedId, ...adminOnly },
  },
  adminSaveDirectorate: {
    summary: 'Add or change a directorate of a division',
    description: SAVE,
    body: DirectorateDraft,
    responses: { 200: savedId, ...adminOnly },
  },
  adminSaveTeam: {
    summary: 'Add or change a team of a directorate',
    description: SAVE,
    body: TeamDraft,
    responses: { 200: savedId, ...adminOnly },
  },
  adminSaveCaseRequest: {
    summary: 'Add or change a case request: names, status, handling directorate, due-date target',
    description: SAVE,
    body: CaseRequestDraft,
    responses: { 200: savedId, ...adminOnly },
  },
  adminSaveLetterTemplate: {
    summary: "Keep a case request's response letter template in the six languages",
    description:
      'The text an officer starts a response to a case of this request from (issue 25), in the customer\'s language. ' +
      'Placeholders filled when the officer picks it: `{name}` (the customer\'s full name), `{case_number}`, `{filed_date}`, ' +
      "`{due_date}` and `{today}` (in both calendars). An empty language has no template. Audited as a change of the case request.",
    params: IdParams,
    body: LetterTemplateDraft,
    responses: { 200: savedId, ...adminOnly },
  },
  adminSaveQuestion: {
    summary: 'Add or change a question of a case request, with its options in order',
    description: `${SAVE} An option or question a filed case used is never removed (409); switch it off instead.`,
    body: QuestionDraft,
    responses: { 200: savedId, ...adminOnly },
  },
  adminDeleteQuestion: {
    summary: 'Delete a question no filed case answers',
    params: IdParams,
    responses: { 200: Messages, ...adminOnly },
  },
  adminListHolidays: {
    summary: 'The holidays the due dates skip',
    responses: { 200: Type.Object({ holidays: Type.Array(Holiday) }), 401: refused, ...errorResponses },
  },
  adminSaveHoliday: {
    summary: 'Add or change a holiday',
    body: HolidayDraft,
    responses: { 200: Type.Intersect([Messages, Type.Object({ holiday: Holiday })]), ...adminOnly },
  },
  adminDeleteHoliday: {
    summary: 'Remove a holiday',
    params: IdParams,
    responses: { 200: Messages, ...adminOnly },
  },
  adminSaveLanguages: {
    summary: 'Choose the languages the language selector offers (English and Amharic always)',
    body: Languages,
    responses: { 200: Type.Intersect([Messages, Languages]), ...adminOnly },
  },
  getLanguages: {
    summary: 'The languages the language selector offers',
    responses: { 200: Languages, ...errorResponses },
  },
});

/** The stored roles (ethics keeps the acceptors' name, accusation_acceptor, as tokens carry it). */
export const StaffRoleName = Type.Union([
  Type.Literal('officer'),
  Type.Literal('manager'),
  Type.Literal('accusation_acceptor'),
  Type.Literal('archivist'),
  Type.Literal('admin'),
]);
export type StaffRoleName = Static<typeof StaffRoleName>;

/** A staff user as the admin sees them: never the password, only whether one is set. */
export const StaffMember = Type.Object({
  id: Id,
  email: Type.String(),
  firstname: Type.String(),
  middlename: Type.String(),
  lastname: Type.String(),
  role: StaffRoleName,
  status: Status,
  directorate_id: Type.Union([Id, Type.Null()]),
  team_id: Type.Union([Id, Type.Null()]),
  password_set: Type.Boolean(),
  /** ISO time of the last sign-in; null when they never signed in. */
  last_sign_in_at: Type.Union([Type.String(), Type.Null()]),
});
export type StaffMember = Static<typeof StaffMember>;

const Name = Type.String({ maxLength: 200 });

/** A new staff user (no id) or the changes to one; a directorate for officers and managers, a team only for officers. */
export const StaffDraft = Type.Object({
  id: Type.Optional(Id),
  email: Type.String({ maxLength: 254 }),
  firstname: Name,
  middlename: Type.Optional(Name),
  lastname: Name,
  role: StaffRoleName,
  status: Type.Optional(Status),
  directorate_id: Type.Optional(Type.Union([Id, Type.Null()])),
  team_id: Type.Optional(Type.Union([Id, Type.Null()])),
  /** Mail a new set-password link (always done for a new staff user). */
  send_password_link: Type.Optional(Type.Boolean()),
});
export type StaffDraft = Static<typeof StaffDraft>;

/**
 * Staff users, administered: the admin adds, edits and deactivates them and
 * never chooses a password; the person sets it through a mailed link.
 */
export const staffUserCalls = defineCalls('administration', {
  adminListStaff: {
    summary: 'Every staff user, with role, placement, status and last sign-in',
    responses: { 200: Type.Object({ staff: Type.Array(StaffMember) }), 401: refused, ...errorResponses },
  },
  adminSaveStaff: {
    summary: 'Add a staff user, or change one (role, directorate, team, status)',
    description:
      'Without `id` a staff user is added and sent a set-password link. Deactivating ends their sessions. ' +
      'The last active admin cannot be deactivated or given another role (409). Each save is in the audit log.',
    body: StaffDraft,
    responses: {
      200: Type.Intersect([Messages, Type.Object({ staff: StaffMember, password_link_sent: Type.Boolean() })]),
      401: refused,
      409: refused,
      ...errorResponses,
    },
  },
  staffSetPassword: {
    summary: 'Set a staff password with the link an administrator had mailed',
    description: 'The link works once, for 3 days; sessions from before end.',
    params: Type.Object({ id: Id, token: Type.String({ minLength: 1, maxLength: 200 }) }),
    body: Type.Object({ password: Type.String({ maxLength: 256 }) }),
    responses: { 200: Messages, ...errorResponses },
  },
});
