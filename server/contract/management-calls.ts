import { Type, type Static } from 'typebox';
import { defineCalls } from './call.ts';
import { CalendarDay, errorResponses, Id, Names } from './common.ts';
import { RatingComment } from './cases.ts';

const refused = errorResponses[400];

/** How many cases are in each state (pending, ongoing, responded, verified, rejected …). */
const CountsByState = Type.Record(Type.String(), Type.Integer({ minimum: 0 }));

export const RatingSummary = Type.Object({
  count: Type.Integer(),
  /** Null while nobody rated. */
  average: Type.Union([Type.Number(), Type.Null()]),
  /** How many ratings gave 1, 2, 3, 4 and 5 stars, in that order. */
  distribution: Type.Array(Type.Integer(), { minItems: 5, maxItems: 5 }),
});

/**
 * Issue 25: how often a division's decisions are reviewed. `decisions`: the decisions its cases in scope were given
 * (those decided now, archived since or under review, and each one a "changed" review undid); `requested`: reviews
 * asked for; `changed`: reviews that ended "changed"; `rate`: requested / decisions, two decimals, null with none.
 */
export const ReviewRate = Type.Object({
  decisions: Type.Integer({ minimum: 0 }),
  requested: Type.Integer({ minimum: 0 }),
  changed: Type.Integer({ minimum: 0 }),
  rate: Type.Union([Type.Number(), Type.Null()]),
});

const Place = Type.Intersect([
  Names,
  Type.Object({ id: Id, total: Type.Integer(), byState: CountsByState, late: Type.Integer() }),
]);

export const ManagementSummary = Type.Object({
  /** all: every directorate (admin); directorate: the manager's own. */
  scope: Type.Union([Type.Literal('all'), Type.Literal('directorate')]),
  generatedAt: Type.String(),
  totalCases: Type.Integer(),
  byState: CountsByState,
  /** Cases past their due day and not yet verified or rejected. */
  lateCases: Type.Integer(),
  /** Days from filing to the answer (verified or rejected); null while none was answered. */
  answerTime: Type.Object({
    answered: Type.Integer(),
    medianDays: Type.Union([Type.Number(), Type.Null()]),
    p90Days: Type.Union([Type.Number(), Type.Null()]),
  }),
  divisions: Type.Array(Type.Intersect([Place, Type.Object({ rating: RatingSummary, reviews: ReviewRate })])),
  directorates: Type.Array(Type.Intersect([Place, Type.Object({ division_id: Id })])),
  /** Accusations are not a directorate's: admins only (null for a manager). */
  accusations: Type.Union([Type.Object({ total: Type.Integer(), byState: CountsByState }), Type.Null()]),
  /** The last weeks, oldest first (weeks start on Monday, UTC): cases filed and answered in each. */
  weekly: Type.Array(Type.Object({ weekStart: Type.String(), filed: Type.Integer(), answered: Type.Integer() })),
  /** Issue 25: the newest 20 rating comments on the scope's cases, newest first; nobody named. */
  recentComments: Type.Array(RatingComment),
});
export type ManagementSummary = Static<typeof ManagementSummary>;

/** The kinds of record an audit entry can be about (server/audit/audit-log.ts AuditSubject). */
export const AuditSubjectType = Type.Union([
  Type.Literal('case'), Type.Literal('accusation'), Type.Literal('division'), Type.Literal('directorate'), Type.Literal('team'),
  Type.Literal('case_request'), Type.Literal('question'), Type.Literal('staff'), Type.Literal('holiday'), Type.Literal('setting'),
  Type.Literal('archival_category'), Type.Literal('account'),
]);
export type AuditSubjectType = Static<typeof AuditSubjectType>;

/** One officer's workload (a manager's directorate, or every directorate for an admin). */
export const OfficerWorkload = Type.Object({
  id: Id,
  firstname: Type.String(),
  middlename: Type.String(),
  lastname: Type.String(),
  /** officer, or the role of anyone else who holds the scope's cases (a manager who took one). */
  role: Type.String(),
  /** False for someone made inactive who still holds cases. */
  active: Type.Boolean(),
  directorate: Type.Union([Type.Intersect([Names, Type.Object({ id: Id })]), Type.Null()]),
  /** Cases they hold that are not verified, rejected or archived. */
  open: Type.Integer({ minimum: 0 }),
  /** Of those, the ones past their due moment. */
  late: Type.Integer({ minimum: 0 }),
  /** Cases they held whose customer got the decision (approved: verified_date; rejected: rejected_date) since monthStart. */
  answeredThisMonth: Type.Integer({ minimum: 0 }),
  /**
   * The median, over those, of the working days (Addis Ababa, weekends and the holidays table
   * skipped) from the day after filing to the answer's day; null when none was answered.
   */
  medianWorkingDays: Type.Union([Type.Number(), Type.Null()]),
});

export const ManagementWorkload = Type.Object({
  scope: Type.Union([Type.Literal('all'), Type.Literal('directorate')]),
  generatedAt: Type.String(),
  /** The Addis Ababa day (YYYY-MM-DD) the current Ethiopian month began: "this month" starts there. */
  monthStart: Type.String(),
  /** By directorate, then by name. */
  officers: Type.Array(OfficerWorkload),
});
export type ManagementWorkload = Static<typeof ManagementWorkload>;

export const AuditLogQuery = Type.Object({
  /** The staff user who acted. */
  actor: Type.Optional(Id),
  case_number: Type.Optional(Type.String({ maxLength: 40 })),
  /**
   * What the entries are about: a whole case number (`HDC-2026-000001`) or accusation reference
   * (`ACC-2019-000005`), any case, matches exactly; anything else is a piece of a name in any
   * language (a staff user, a division, directorate, team, case request, question, archival
   * category or holiday) or of a case number or reference.
   */
  subject: Type.Optional(Type.String({ maxLength: 100 })),
  /** Only the entries about this kind of record (with or without `subject`). */
  subject_type: Type.Optional(AuditSubjectType),
  /** ISO dates (YYYY-MM-DD, UTC), both days included. */
  from: Type.Optional(CalendarDay),
  to: Type.Optional(CalendarDay),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;

export const AuditLogEntry = Type.Object({
  id: Type.String(),
  at: Type.String(),
  actor_id: Type.Union([Type.String(), Type.Null()]),
  /** The actor's name as it is now; empty for the system. */
  actor_name: Type.String(),
  actor_role: Type.String(),
  action: Type.String(),
  subject_type: Type.String(),
  subject_id: Type.String(),
  /** A staff user the entry is about, named as they are now (the entry itself keeps only the id). */
  subject_name: Type.Union([Type.String(), Type.Null()]),
  case_number: Type.Union([Type.String(), Type.Null()]),
  before: Type.Unknown(),
  after: Type.Unknown(),
});
export type AuditLogEntry = Static<typeof AuditLogEntry>;

/** How the corporation's service performs, and what its staff did. */
export const managementCalls = defineCalls('management', {
  managementSummary: {
    summary: 'The dashboard: cases by state per division and directorate, late cases, answer times, ratings, accusations, weekly trends',
    description: 'A manager sees their directorate; an admin sees all.',
    query: Type.Object({ weeks: Type.Optional(Type.Integer({ minimum: 1, maximum: 52 })) }),
    responses: { 200: ManagementSummary, 401: refused, ...errorResponses },
  },
  managementWorkload: {
    summary: 'Each officer’s workload: open cases, late cases, answered this month, median working days to an answer',
    description: 'A manager sees the officers of their directorate; an admin those of every directorate. Anyone else who holds the scope’s cases is listed too.',
    responses: { 200: ManagementWorkload, 401: refused, ...errorResponses },
  },
  auditLog: {
    summary: 'A page of the audit log, newest first, filtered by person, case number, subject and dates',
    description: 'Admins see every entry; a manager sees the entries of their directorate’s cases. Nobody can change or delete an entry.',
    query: AuditLogQuery,
    responses: {
      200: Type.Object({
        entries: Type.Array(AuditLogEntry),
        /**
         * The ids the entries are about (subject_id) and hold in before and after, named as they are
         * now, in each language kept (at least en): staff, divisions, directorates, teams, case
         * requests, questions, archival categories, holidays, and accusations by reference.
         */
        names: Type.Record(Type.String(), Type.Record(Type.String(), Type.String())),
        currentPage: Type.Integer(),
        totalPages: Type.Integer(),
      }),
      401: refused,
      ...errorResponses,
    },
  },
});
