import type { Queryable } from '../db/database.ts';
import type { Names } from '../contract/common.ts';

/**
 * The public performance figures' SQL (issue 28), over the views other features publish with
 * no content (case_progress, rating_score, accusation_state, division_name): nobody's name,
 * contact or text is ever read here. `$1` is the first moment of the oldest month shown.
 */
export function createPerformanceStore(db: Queryable) {
  return {
    /** Cases filed or answered since `from`: their division, when filed, answered and due, and the waits (issue 25). */
    cases(from: Date) {
      return db.query<{ division_id: string; created_at: Date | string; answered_at: Date | string | null; due_at: Date | string | null; waits: { asked_at: string; answered_at: string }[] }>(
        `SELECT p.division_id, p.created_at, p.answered_at, p.due_at,
           coalesce((SELECT json_agg(json_build_object('asked_at', q.asked_at, 'answered_at', q.answered_at)) FROM information_request q
                     WHERE q.case_id = p.id AND q.answered_at IS NOT NULL), '[]'::json) AS waits
         FROM case_progress p
         WHERE p.created_at >= $1 OR p.answered_at >= $1`,
        [from],
      );
    },

    /** Ratings given since `from`: the stars and the rated case's division. */
    ratings(from: Date) {
      return db.query<{ division_id: string; rate_num: number; created_at: Date | string }>(
        `SELECT p.division_id, r.rate_num, r.created_at FROM rating_score r JOIN case_progress p ON p.id = r.case_id WHERE r.created_at >= $1`,
        [from],
      );
    },

    /** Accusations filed or closed since `from`: when. */
    accusations(from: Date) {
      return db.query<{ created_at: Date | string; closed_at: Date | string | null }>(
        'SELECT created_at, closed_at FROM accusation_state WHERE created_at >= $1 OR closed_at >= $1',
        [from],
      );
    },

    /** Every division by its names, and whether it is offered. */
    divisions() {
      return db.query<Names & { id: string; status: string }>(
        `SELECT n.id, n.name_en, n.name_am, n.name_or, n.name_tg, n.name_sm, n.name_af, a.status
         FROM division_name n JOIN division_availability a ON a.id = n.id ORDER BY n.name_en, n.id`,
      );
    },
  };
}
export type PerformanceStore = ReturnType<typeof createPerformanceStore>;
