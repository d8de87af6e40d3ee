import type { Queryable } from '../db/database.ts';

type Counted = { count: number };
export type StateCount = Counted & { status: string };
export type PlaceStateCount = StateCount & { place_id: string };
export type Names = { name_en: string; name_am: string; name_or: string; name_tg: string; name_sm: string; name_af: string };

/**
 * The dashboard's SQL, over the public views of cases, ratings, divisions and
 * accusations. `$1` is the directorate a manager sees, null for everything (an admin).
 */
const IN_SCOPE = '($1::uuid IS NULL OR p.directorate_id = $1)';

export function createManagementStore(db: Queryable) {
  return {
    /** Cases by state, per division and per directorate (the totals are their sums). */
    casesByState(directorateId: string | null) {
      return db.query<{ division_id: string; directorate_id: string | null; status: string; count: number }>(
        `SELECT p.division_id, p.directorate_id, p.status, count(*)::int AS count
         FROM case_progress p WHERE ${IN_SCOPE}
         GROUP BY p.division_id, p.directorate_id, p.status`,
        [directorateId],
      );
    },

    /** Cases past their due moment (migration 014's due_at) and still not verified or rejected, per division and directorate. */
    lateCases(directorateId: string | null, now: Date) {
      return db.query<{ division_id: string; directorate_id: string | null; count: number }>(
        `SELECT p.division_id, p.directorate_id, count(*)::int AS count
         FROM case_progress p
         WHERE ${IN_SCOPE} AND p.answered_at IS NULL AND p.status NOT IN ('verified', 'rejected', 'archived', 'withdrawn') AND p.due_at <= $2
         GROUP BY p.division_id, p.directorate_id`,
        [directorateId, now],
      );
    },

    /** Days from filing to the answer (verified or rejected): how many, the median and the 90th percentile. */
    async answerTime(directorateId: string | null) {
      const [row] = await db.query<{ answered: number; median: number | null; p90: number | null }>(
        `SELECT count(*)::int AS answered,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM p.answered_at - p.created_at) / 86400) AS median,
                percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM p.answered_at - p.created_at) / 86400) AS p90
         FROM case_progress p WHERE ${IN_SCOPE} AND p.answered_at IS NOT NULL`,
        [directorateId],
      );
      return row;
    },

    /** How many ratings of each score each division's cases got. */
    ratings(directorateId: string | null) {
      return db.query<{ division_id: string; rate_num: number; count: number }>(
        `SELECT p.division_id, r.rate_num, count(*)::int AS count
         FROM rating_score r JOIN case_progress p ON p.id = r.case_id
         WHERE ${IN_SCOPE}
         GROUP BY p.division_id, r.rate_num`,
        [directorateId],
      );
    },

    /** Per week (Monday, UTC) of the last `weeks` up to `now`: cases filed and cases answered. */
    weekly(directorateId: string | null, weeks: number, now: Date) {
      return db.query<{ week_start: string; filed: number; answered: number }>(
        `WITH week AS (
           SELECT w AS starts, w + interval '7 days' AS ends
           FROM generate_series(date_trunc('week', $3::timestamptz AT TIME ZONE 'UTC') - make_interval(weeks => $2::int - 1),
                                date_trunc('week', $3::timestamptz AT TIME ZONE 'UTC'), interval '7 days') AS w
         )
         SELECT to_char(week.starts, 'YYYY-MM-DD') AS week_start,
                (SELECT count(*)::int FROM case_progress p WHERE ${IN_SCOPE}
                   AND p.created_at >= week.starts AT TIME ZONE 'UTC' AND p.created_at < week.ends AT TIME ZONE 'UTC') AS filed,
                (SELECT count(*)::int FROM case_progress p WHERE ${IN_SCOPE}
                   AND p.answered_at >= week.starts AT TIME ZONE 'UTC' AND p.answered_at < week.ends AT TIME ZONE 'UTC') AS answered
         FROM week ORDER BY week.starts`,
        [directorateId, weeks, now],
      );
    },

    divisions: () => db.query<Names & { id: string }>('SELECT id, name_en, name_am, name_or, name_tg, name_sm, name_af FROM division_name'),
    directorates: () =>
      db.query<Names & { id: string; division_id: string }>('SELECT id, division_id, name_en, name_am, name_or, name_tg, name_sm, name_af FROM directorate_name'),

    /**
     * The cases counted in an officer's workload: every open one each officer holds, and those
     * answered since `since` (the month), with when each was filed and answered and when due.
     */
    workloadCases(directorateId: string | null, since: Date) {
      return db.query<{ id: string; officer_id: string; status: string; created_at: Date; answered_at: Date | null; due_at: Date | null; waits: { asked_at: string; answered_at: string }[] }>(
        `SELECT p.id, w.officer_id, p.status, p.created_at, p.answered_at, p.due_at,
           -- Issue 25: the answered requests for information it waited on, whose days are not the officer's.
           coalesce((SELECT json_agg(json_build_object('asked_at', q.asked_at, 'answered_at', q.answered_at)) FROM information_request q
                     WHERE q.case_id = p.id AND q.answered_at IS NOT NULL), '[]'::json) AS waits
         FROM case_progress p JOIN case_workload w ON w.id = p.id
         WHERE ${IN_SCOPE} AND w.officer_id IS NOT NULL
           AND ((p.answered_at IS NULL AND p.status NOT IN ('verified', 'rejected', 'archived', 'withdrawn')) OR p.answered_at >= $2)`,
        [directorateId, since],
      );
    },

    /** The directorate's active officers (every directorate's, for null), and anyone else named: who holds its cases. */
    workloadStaff(directorateId: string | null, holders: string[]) {
      return db.query<{ id: string; firstname: string; middlename: string; lastname: string; role: string; status: string; directorate_id: string | null }>(
        `SELECT s.id, n.firstname, n.middlename, n.lastname, s.role, s.status, s.directorate_id
         FROM staff_session_state s JOIN staff_name n ON n.id = s.id
         WHERE (s.role = 'officer' AND s.status = 'active' AND ($1::uuid IS NULL OR s.directorate_id = $1)) OR s.id = ANY($2::uuid[])`,
        [directorateId, holders],
      );
    },

    /**
     * Issue 25, per division: decisions made (the cases decided now or under review, and each decision a "changed"
     * review undid), reviews asked for, and reviews that ended "changed".
     */
    reviewRates(directorateId: string | null) {
      return db.query<{ division_id: string; decisions: number; requested: number; changed: number }>(
        `SELECT p.division_id,
           (count(*) FILTER (WHERE p.answered_at IS NOT NULL OR p.status = 'under_review') + COALESCE(sum(v.changed), 0))::int AS decisions,
           COALESCE(sum(v.requested), 0)::int AS requested, COALESCE(sum(v.changed), 0)::int AS changed
         FROM case_progress p
         CROSS JOIN LATERAL (SELECT count(*) AS requested, count(*) FILTER (WHERE r.outcome = 'changed') AS changed
                             FROM case_review_outcome r WHERE r.case_id = p.id) v
         WHERE ${IN_SCOPE}
         GROUP BY p.division_id`,
        [directorateId],
      );
    },

    accusationsByState: () => db.query<StateCount>('SELECT status, count(*)::int AS count FROM accusation_state GROUP BY status'),

    async directorateOf(staffId: string): Promise<string | null> {
      const rows = await db.query<{ directorate_id: string | null }>('SELECT directorate_id FROM staff_session_state WHERE id = $1', [staffId]);
      return rows[0]?.directorate_id ?? null;
    },
  };
}
export type ManagementStore = ReturnType<typeof createManagementStore>;
