import { Type, type Static } from 'typebox';
import { defineCalls } from './call.ts';
import { errorResponses, Id, IdParams } from './common.ts';
import { Case, CaseMoved, CaseRequestNames, PersonName, StaffPerson } from './cases.ts';
import { Archival } from './archive-calls.ts';

const refused = errorResponses[400];
const withAuth = { 401: refused, 409: refused, ...errorResponses };
// ISO 8601: a day, or a day and a time.
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}([T ][0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$', maxLength: 40 });
const Moved = CaseMoved;
const YesNo = Type.Union([Type.Literal('yes'), Type.Literal('no')]);
/** The states staff see; customers never see `archived` (an archived case shows them its verdict). */
export const STAFF_CASE_STATUSES = ['pending', 'ongoing', 'responded', 'verified', 'rejected', 'archived'] as const;
const StaffCaseStatus = Type.Enum(STAFF_CASE_STATUSES);

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
});
/** One stored move, as staff see it: who, in which role, from which state to which, and their note. */
const StaffHistoryEntry = Type.Object({
  action: Type.String(),
  from: Type.Union([Type.String(), Type.Null()]),
  to: Type.String(),
  by: Type.Union([Type.Object({ _id: Type.String(), role: Type.String() }), Type.Null()]),
  /** For an assignment: the officer the case went to. */
  assigned_to: Type.Union([StaffPerson, Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  at: Type.String(),
});
export type { StaffPerson } from './cases.ts';
export type QueuedCase = Static<typeof QueuedCase>;
const QueuePage = Type.Object({ cases: Type.Array(QueuedCase), currentPage: Type.Integer(), totalPages: Type.Integer() });

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
  }),
]);

/**
 * Staff moving a case: officers and managers of the case's directorate. A case
 * of another directorate answers 404; a move its state does not allow, or one another
 * staff user made first, 409 with nothing changed.
 */
export const caseworkCalls = defineCalls('casework', {
  staffListCases: {
    summary: "A page of the directorate's queue, soonest due first",
    description:
      "An officer or a manager sees only their directorate's cases. Archivists and admins see the closed cases of every " +
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
      q: Type.Optional(Type.String({ maxLength: 60 })),
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    }),
    responses: { 200: QueuePage, ...withAuth },
  },
  staffGetCase: {
    summary: 'Read one case of the directorate, with its whole history',
    description:
      'The case as SPEC section 3 shapes it, plus `history` (every move, notes included), its due day, assignee and archive. ' +
      'Another directorate: 404. Archivists and admins read the closed cases (verified, rejected, archived) of every directorate; ' +
      'an admin also reads a responded case whose directorate has no other active manager to approve it. ' +
      '`may_approve`: whether the caller may approve its response now.',
    params: IdParams,
    responses: { 200: StaffCase, ...withAuth },
  },
  staffTakeCase: {
    summary: 'Take a pending case (it becomes ongoing)',
    params: IdParams,
    responses: { 200: Moved, ...withAuth },
  },
  staffAssignCase: {
    summary: 'Assign a pending or ongoing case to an officer of its directorate: a manager (it becomes ongoing)',
    description: '`officer` is the id of an active officer of the case\'s directorate (see staffListOfficers); anyone else: 404.',
    params: IdParams,
    body: Type.Object({ officer: Id }, { additionalProperties: false }),
    responses: { 200: Moved, ...withAuth },
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
      Type.Object({ scheduled_date: IsoDate }, { additionalProperties: false }),
      Type.Object({ extended_date: IsoDate }, { additionalProperties: false }),
    ]),
    responses: { 200: Moved, ...withAuth },
  },
  staffRespondCase: {
    summary: 'Answer an ongoing case (it becomes responded, waiting for a manager)',
    description: 'Without an attachment the server writes the response letter (PDF) from the justification.',
    params: IdParams,
    form: { fields: Type.Object({ justification: Type.String({ minLength: 1, maxLength: 5000 }) }), file: { name: 'attachment', description: 'Optional response letter, a PDF of at most 10 MB.' } },
    responses: { 200: Moved, 413: refused, ...withAuth },
  },
  staffApproveCase: {
    summary: "Approve (paraph) a responded case's letter: a manager of its directorate (it becomes verified)",
    description:
      'Four eyes: whoever wrote the response may not approve it (403 `approvalNeedsSecondPerson`, nothing changed); another ' +
      'manager of the directorate does. Where the directorate has no other active manager, an admin approves that case.',
    params: IdParams,
    responses: { 200: Moved, 403: refused, ...withAuth },
  },
  staffReturnCase: {
    summary: 'Send a responded case back to its officer with a note (it becomes ongoing again)',
    params: IdParams,
    body: Type.Object({ note: Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S' }) }),
    responses: { 200: Moved, ...withAuth },
  },
  staffRejectCase: {
    summary: 'Reject a pending, ongoing or responded case, saying why',
    params: IdParams,
    body: Type.Object({ rejection_justification: Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S' }) }),
    responses: { 200: Moved, ...withAuth },
  },
});
