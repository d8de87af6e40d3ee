import { Type, type Static } from 'typebox';
import { defineCalls } from './call.ts';
import { errorResponses, Id, IdParams, Messages, Names } from './common.ts';
import { Case, CaseMoved, CaseRequestNames, EnumValue, PersonName, StaffPerson, StaffRating } from './cases.ts';
import { Archival } from './archive-calls.ts';
import { BulkCaseIds, BulkResults } from './bulk-moves.ts';
import { AttachmentUpload } from './uploads.ts';
import { API_LANGUAGE, BULK_CASES_MAX, QUEUE_SORTS, QUEUE_VIEWS, type Locale } from './constants.ts';

const refused = errorResponses[400];
const withAuth = { 401: refused, 409: refused, ...errorResponses };
// ISO 8601: a day, or a day and a time.
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}([T ][0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$', maxLength: 40 });
const Moved = CaseMoved;
const YesNo = Type.Union([Type.Literal('yes'), Type.Literal('no')]);
/** The states staff see; customers never see `archived` (an archived case shows them its verdict). */
export const STAFF_CASE_STATUSES = ['pending', 'ongoing', 'responded', 'verified', 'rejected', 'archived', 'waiting_customer', 'under_review', 'withdrawn'] as const;
const StaffCaseStatus = Type.Enum(STAFF_CASE_STATUSES);
/**
 * The case's version as the staff user read it (staffGetCase's `version`): a move of a case
 * someone changed since answers 409 `caseChangedMeanwhile`. Without it the server checks
 * against the version it reads itself, as older clients expect.
 */
export const SeenVersion = Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 }));
/** Take and approve need nothing but may name the version; a POST with no body (older clients) reaches Fastify's validator as null. */
const OptionalVersionBody = Type.Union([Type.Object({ version: SeenVersion }, { additionalProperties: false }), Type.Null()]);

/** An answer shown in the queue: the question as filed, the text typed or the option chosen (`option`, null for a typed answer). */
const QueueAnswer = Type.Object({
  question: Names,
  answer: Type.String(),
  option: Type.Union([EnumValue.properties.expectedValues, Type.Null()]),
});

/**
 * One case in a staff queue: enough to pick it, with its due day (YYYY-MM-DD, Addis Ababa),
 * its lateness, what was asked for, by whom, and who is on it.
 */
const QueuedCase = Type.Object({
  _id: Type.String(),
  case_number: Type.String(),
  status: StaffCaseStatus,
  late: YesNo,
  due_date: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  caselist: CaseRequestNames,
  customer: Type.Intersect([PersonName, Type.Object({ phone: Type.String() })]),
  assigned_to: Type.Union([StaffPerson, Type.Null()]),
  /** Sent back by a manager and not answered again yet. */
  sent_back: Type.Boolean(),
  /** The customer's answers to the questions an admin shows in the queue, as filed; a select's with its option's six values. */
  queue_answers: Type.Array(QueueAnswer),
});
/** A directorate as the staff screens name it. */
const DirectorateRef = Type.Intersect([Type.Object({ _id: Type.String() }), Names]);
/** A transfer's directorates: the one the case left (null: it had none) and the one it went to. */
const DirectorateTransfer = Type.Object({ from: Type.Union([DirectorateRef, Type.Null()]), to: DirectorateRef });
export type DirectorateTransfer = Static<typeof DirectorateTransfer>;

/**
 * Another case of the same customer, on the staff case page: `open` says whether the caller may
 * open it (their directorate's, or for archivists and admins a closed one), so only those are links.
 */
const CustomerOtherCase = Type.Object({
  _id: Type.String(),
  case_number: Type.String(),
  caselist: CaseRequestNames,
  status: StaffCaseStatus,
  createdAt: Type.String(),
  open: Type.Boolean(),
});
export type CustomerOtherCase = Static<typeof CustomerOtherCase>;

/** One stored move, as staff see it: who, in which role, from which state to which, and their note. */
const StaffHistoryEntry = Type.Object({
  action: Type.String(),
  from: Type.Union([Type.String(), Type.Null()]),
  to: Type.String(),
  by: Type.Union([Type.Object({ _id: Type.String(), role: Type.String() }), Type.Null()]),
  /** The staff member's full name; null for the system (the customer's filing, a job) and for the customer. */
  actor_name: Type.Union([Type.String(), Type.Null()]),
  /** Whether the customer acted (issue 25: their answer to a request, their request for a review). */
  by_customer: Type.Boolean(),
  /** For an assignment: the officer the case went to. */
  assigned_to: Type.Union([StaffPerson, Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  at: Type.String(),
  /** For a transfer: from which directorate to which (its note is the reason). */
  transfer: Type.Optional(Type.Union([DirectorateTransfer, Type.Null()])),
});
export type { StaffPerson } from './cases.ts';
export type QueuedCase = Static<typeof QueuedCase>;
/** How many cases each view of the caller's role holds, before the filters narrow it: only the role's views are there. */
const ViewCounts = Type.Partial(Type.Object({
  mine: Type.Integer(), unassigned: Type.Integer(), approval: Type.Integer(), sent_back: Type.Integer(),
  due_soon: Type.Integer(), late: Type.Integer(), open: Type.Integer(),
}));
const QueuePage = Type.Object({ cases: Type.Array(QueuedCase), currentPage: Type.Integer(), totalPages: Type.Integer(), counts: ViewCounts });

/** A PDF document, the whole answer (no JSON). */
const PdfFile = Type.Unsafe<Uint8Array>({ content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } });

/** The case as staff read it: SPEC section 3's shape with the staff states, plus its work. */
const StaffCase = Type.Intersect([
  Type.Omit(Case, ['status']),
  Type.Object({
    status: StaffCaseStatus,
    due_date: Type.Union([Type.String(), Type.Null()]),
    assigned_to: Type.Union([StaffPerson, Type.Null()]),
    archive: Type.Union([Archival, Type.Null()]),
    history: Type.Array(StaffHistoryEntry),
    /** Whether the caller may approve its response now (four eyes: never the one who wrote it). */
    may_approve: Type.Boolean(),
    /** What a move sends back as `version`, so a case someone changed meanwhile is refused, not overwritten. */
    version: Type.Integer(),
    /** The directorate whose queue it is in (a transfer changes it); null: its division had none when it was filed. */
    directorate: Type.Union([DirectorateRef, Type.Null()]),
    /** The same customer's other cases, newest first. */
    customer_cases: Type.Array(CustomerOtherCase),
    /**
     * Issue 25: its case request's response letter template in the customer's language, placeholders filled, for an
     * officer to start a response from; null when there is none.
     */
    letter_template: Type.Union([Type.String(), Type.Null()]),
    /** The customer's language (the API's suffix: en, am, or, tg, sm, af): what a request to them is written in. */
    customer_language: Type.String(),
    /** Issue 25: the customer's rating of the case and its comment; null while not rated. */
    rating: Type.Union([StaffRating, Type.Null()]),
  }),
]);

/**
 * Staff moving a case: officers and managers of the case's directorate. A case
 * of another directorate answers 404; a move its state does not allow, or one another
 * staff user made first, 409 with nothing changed.
 */
export const caseworkCalls = defineCalls('casework', {
  staffListCases: {
    summary: "A page of one view of the directorate's queue, soonest due first unless sorted otherwise",
    description:
      "An officer or a manager sees only their directorate's open cases (pending, ongoing, responded), in one `view`: " +
      '`mine` (assigned to the caller), `unassigned`, `approval` (responses waiting for the caller\'s approval, as ' +
      '`for_approval=yes`), `sent_back` (sent back and not answered again: the caller\'s, or for a manager the ' +
      "directorate's), `due_soon` (due within 2 working days, not late), `late`, or `open` (every open case, the default). " +
      'Officers have every view but `approval`; archivists none; admins `approval` only: another view answers 403 ' +
      '`viewNotForRole`. `counts` holds how many cases each of the caller\'s views holds, before the filters below narrow it. ' +
      '`sort`: `due` (soonest due first, the default), `filed` (newest filing first), `age` (oldest filing first); ties by case number. ' +
      "Without a view, archivists and admins see the closed cases of every " +
      'directorate: without `status`, the verified and rejected ones still to be archived; `status` picks one closed state ' +
      '(an open one finds nothing). `late` is computed by the server from the due date. ' +
      '`mine=yes`: only the cases assigned to the caller. `q`: part of a case number, a customer phone or name. ' +
      '`for_approval=yes`: the responses waiting for the caller\'s approval: for a manager, those of the directorate they did ' +
      'not write; for an admin, those of a directorate with no other active manager; nothing for other roles.',
    query: Type.Object({
      status: Type.Optional(StaffCaseStatus),
      late: Type.Optional(YesNo),
      mine: Type.Optional(YesNo),
      for_approval: Type.Optional(YesNo),
      view: Type.Optional(Type.Enum(QUEUE_VIEWS)),
      sort: Type.Optional(Type.Enum(QUEUE_SORTS)),
      q: Type.Optional(Type.String({ maxLength: 60 })),
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    }),
    responses: { 200: QueuePage, 403: refused, ...withAuth },
  },
  staffGetCase: {
    summary: 'Read one case of the directorate, with its whole history',
    description:
      'The case as SPEC section 3 shapes it, plus `history` (every move, notes included), its due day, assignee and archive. ' +
      'Another directorate: 404. Archivists and admins read the closed cases (verified, rejected, archived) of every directorate; ' +
      'an admin also reads a responded case whose directorate has no other active manager to approve it, and a case under ' +
      'review no manager of its directorate may decide (issue 25). ' +
      '`may_approve`: whether the caller may approve its response now. `rating`: the customer\'s stars and comment, null while not rated.',
    params: IdParams,
    responses: { 200: StaffCase, ...withAuth },
  },
  staffTakeCase: {
    summary: 'Take a pending case (it becomes ongoing)',
    description: 'The body is optional: `{ version }` as read, so a case taken by someone else meanwhile answers 409 `caseChangedMeanwhile`.',
    params: IdParams,
    body: OptionalVersionBody,
    responses: { 200: Moved, ...withAuth },
  },
  staffAssignCase: {
    summary: 'Assign a pending or ongoing case to an officer of its directorate: a manager (it becomes ongoing)',
    description: '`officer` is the id of an active officer of the case\'s directorate (see staffListOfficers); anyone else: 404.',
    params: IdParams,
    body: Type.Object({ officer: Id, version: SeenVersion }, { additionalProperties: false }),
    responses: { 200: Moved, ...withAuth },
  },
  staffBulkTakeCases: {
    summary: 'Take several pending cases at once',
    description:
      `At most ${BULK_CASES_MAX} ids. Each case is taken as staffTakeCase takes it (its own transaction, history and audit ` +
      'entry); `results` has one entry per id, in the order given: `ok: true`, or `ok: false` with the code staffTakeCase would answer.',
    body: Type.Object({ case_ids: BulkCaseIds }, { additionalProperties: false }),
    responses: { 200: BulkResults, ...withAuth },
  },
  staffBulkAssignCases: {
    summary: 'Assign several pending or ongoing cases to one officer at once: a manager',
    description:
      `At most ${BULK_CASES_MAX} ids. Each case is assigned as staffAssignCase assigns it (its own transaction, history and ` +
      'audit entry); `results` has one entry per id, in the order given: `ok: true`, or `ok: false` with the code staffAssignCase would answer.',
    body: Type.Object({ case_ids: BulkCaseIds, officer_id: Id }, { additionalProperties: false }),
    responses: { 200: BulkResults, ...withAuth },
  },
  staffListOfficers: {
    summary: "The directorate's active officers, with how many open cases each holds: a manager",
    responses: {
      200: Type.Array(Type.Intersect([StaffPerson, Type.Object({ openCases: Type.Integer() })])),
      ...withAuth,
    },
  },
  staffScheduleCase: {
    summary: 'Set an appointment for an ongoing case, or move it',
    description: '`{scheduled_date}` sets the appointment; `{extended_date}` moves one already set. ISO dates.',
    params: IdParams,
    body: Type.Union([
      Type.Object({ scheduled_date: IsoDate, version: SeenVersion }, { additionalProperties: false }),
      Type.Object({ extended_date: IsoDate, version: SeenVersion }, { additionalProperties: false }),
    ]),
    responses: { 200: Moved, ...withAuth },
  },
  staffRespondCase: {
    summary: 'Answer an ongoing case (it becomes responded, waiting for a manager)',
    description: 'Without an attachment the server writes the response letter (PDF) from the justification.',
    params: IdParams,
    form: {
      fields: Type.Object({
        justification: Type.String({ minLength: 1, maxLength: 5000 }),
        /** The version as read, as digits (a form field is text). */
        version: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
        attachment_upload: AttachmentUpload,
      }),
      file: { name: 'attachment', description: 'Optional response letter, a PDF of at most 10 MB.' } },
    // 409 (withAuth) also for an attachment_upload used already or not finished, 410 past its 7 days (issue 27).
    responses: { 200: Moved, 410: refused, 413: refused, ...withAuth },
  },
  staffApproveCase: {
    summary: "Approve (paraph) a responded case's letter: a manager of its directorate (it becomes verified)",
    description:
      'Four eyes: whoever wrote the response may not approve it (403 `approvalNeedsSecondPerson`, nothing changed); another ' +
      'manager of the directorate does. Where the directorate has no other active manager, an admin approves that case.',
    params: IdParams,
    body: OptionalVersionBody,
    responses: { 200: Moved, 403: refused, ...withAuth },
  },
  staffReturnCase: {
    summary: 'Send a responded case back to its officer with a note (it becomes ongoing again)',
    params: IdParams,
    body: Type.Object({ note: Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S' }), version: SeenVersion }),
    responses: { 200: Moved, 403: refused, ...withAuth },
  },
  staffRejectCase: {
    summary: 'Reject a pending, ongoing or responded case, saying why',
    params: IdParams,
    description: 'A response waiting for approval is rejected only by a manager (403 `caseRejectionNeedsManager`).',
    body: Type.Object({ rejection_justification: Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S' }), version: SeenVersion }),
    responses: { 200: Moved, 403: refused, ...withAuth },
  },
  staffNoteCase: {
    summary: 'Add an internal note to a case (staff only: never shown, printed or sent to the customer)',
    description:
      'Any officer or manager of the case\'s directorate, or an admin on a case it may read. Kept in the history (action `note`, ' +
      'the state unchanged); the audit log records that a note was added, not its text. The case\'s version does not change.',
    params: IdParams,
    body: Type.Object({ text: Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S' }) }, { additionalProperties: false }),
    responses: { 200: Messages, ...withAuth },
  },
  staffPrintCase: {
    summary: "The staff's printout of a case for the paper file (PDF): whoever may read it (staffGetCase's rule, else 404)",
    description:
      'The case number, case request, division and directorate, the customer as staff see them, the answers, the state, due ' +
      "day, assignee, the response or rejection, and the staff history with names and times, internal notes marked " +
      '"Internal note — staff only" (the customer\'s printout never has one). Labels in `language` (an app locale; Amharic by default).',
    params: IdParams,
    query: Type.Object({ language: Type.Optional(Type.Enum(Object.keys(API_LANGUAGE) as Locale[])) }),
    responses: { 200: PdfFile, ...withAuth },
  },
  staffTransferCase: {
    summary: "Transfer a misrouted pending or ongoing case to another directorate's queue: a manager of its directorate, or an admin",
    description:
      '`directorate_id`: an active directorate of any division (an inactive or unknown one: 404 `directorateNotFound`; the ' +
      "case's own: 400 `transferToSameDirectorate`). Only the directorate changes, and the case's officer is cleared; its state, " +
      'division, case request and number stay, and its customer is not told. `reason` is kept in the history (action ' +
      '`transfer`, from and to directorate); the audit entry keeps the two directorate ids. A case in another state: 409.',
    params: IdParams,
    body: Type.Object({
      directorate_id: Id,
      reason: Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S' }),
      version: SeenVersion,
    }, { additionalProperties: false }),
    responses: { 200: Moved, 403: refused, ...withAuth },
  },
});
