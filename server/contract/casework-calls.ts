import { Type } from 'typebox';
import { defineCalls } from './call.ts';
import { errorResponses, IdParams, Messages } from './common.ts';
import { Case } from './cases.ts';

const refused = errorResponses[400];
const withAuth = { 401: refused, 409: refused, ...errorResponses };
// ISO 8601: a day, or a day and a time.
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}([T ][0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$', maxLength: 40 });
/** A move's answer: what to tell the staff user, and the case's state now. */
const Moved = Type.Intersect([Messages, Type.Object({ status: Type.String() })]);

/** One case in a staff queue: enough to pick it, with its due day (YYYY-MM-DD, Addis Ababa) and lateness. */
const QueuedCase = Type.Object({
  _id: Type.String(),
  case_number: Type.String(),
  status: Type.String(),
  late: Type.Union([Type.Literal('yes'), Type.Literal('no')]),
  due_date: Type.String(),
  createdAt: Type.String(),
});
/** One stored move, as staff see it: who, in which role, from which state to which, and their note. */
const StaffHistoryEntry = Type.Object({
  action: Type.String(),
  from: Type.Union([Type.String(), Type.Null()]),
  to: Type.String(),
  by: Type.Union([Type.Object({ _id: Type.String(), role: Type.String() }), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  at: Type.String(),
});
const QueuePage = Type.Object({ cases: Type.Array(QueuedCase), currentPage: Type.Integer(), totalPages: Type.Integer() });

/**
 * Staff moving a case (issue 15): officers and managers of the case's directorate. A case
 * of another directorate answers 404; a move its state does not allow, or one another
 * staff user made first, 409 with nothing changed.
 */
export const caseworkCalls = defineCalls('staff', {
  staffListCases: {
    summary: "A page of the directorate's queue, soonest due first",
    description: 'An officer or a manager sees only their directorate\'s cases. `late` is computed by the server from the due date.',
    query: Type.Object({
      status: Type.Optional(Type.Union(['pending', 'ongoing', 'responded', 'verified', 'rejected'].map((status) => Type.Literal(status)))),
      late: Type.Optional(Type.Union([Type.Literal('yes'), Type.Literal('no')])),
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    }),
    responses: { 200: QueuePage, ...withAuth },
  },
  staffGetCase: {
    summary: 'Read one case of the directorate, with its whole history',
    description: 'The case as SPEC section 3 shapes it, plus `history` (every move, notes included). Another directorate: 404.',
    params: IdParams,
    responses: { 200: Type.Intersect([Case, Type.Object({ history: Type.Array(StaffHistoryEntry) })]), ...withAuth },
  },
  staffTakeCase: {
    summary: 'Take a pending case (it becomes ongoing)',
    params: IdParams,
    responses: { 200: Moved, ...withAuth },
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
    params: IdParams,
    responses: { 200: Moved, ...withAuth },
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
