import type { Queryable } from '../db/database.ts';
import type { Names } from '../contract/common.ts';
import type { AccusationGroup, CaseGroup, RatingGroup } from './figures.ts';

/** A moment's Addis Ababa day (YYYY-MM-DD) or month (YYYY-MM), as server/casework/due-dates.ts's addisDay counts them. */
const addis = (column: string, format: 'YYYY-MM-DD' | 'YYYY-MM') => `to_char(${column} AT TIME ZONE 'Africa/Addis_Ababa', '${format}')`;

/**
 * The public performance figures' SQL (issue 28), over the views other features publish with
 * no content (case_progress, rating_score, accusation_state, division_name) and the requests
 * for information's dates: nobody's name, contact or text is ever read here. `$1` is the
 * first moment of the oldest month shown. Rows come grouped, days already in Addis Ababa, so
 * a year of a large corporation's cases is a few thousand rows (figures.ts counts them).
 */
export function createPerformanceStore(db: Queryable) {
  return {
    /** Cases filed or decided since `from`, grouped by what is counted of them. */
    cases(from: Date) {
      return db.query<CaseGroup>(
        `SELECT p.division_id, ${addis('p.created_at', 'YYYY-MM-DD')} AS filed_day, ${addis('p.answered_at', 'YYYY-MM-DD')} AS answered_day,
                p.answered_at < p.due_at AS by_due, w.waits, count(*)::int AS cases
         FROM case_progress p
         LEFT JOIN (SELECT q.case_id,
                           string_agg(${addis('q.asked_at', 'YYYY-MM-DD')} || '/' || ${addis('q.answered_at', 'YYYY-MM-DD')}, ',' ORDER BY q.asked_at) AS waits
                    FROM information_request q WHERE q.answered_at IS NOT NULL GROUP BY q.case_id) w ON w.case_id = p.id
         WHERE p.created_at >= $1 OR p.answered_at >= $1
         GROUP BY 1, 2, 3, 4, 5`,
        [from],
      );
    },

    /** Ratings given since `from`, by the rated case's division, month and score. */
    ratings(from: Date) {
      return db.query<RatingGroup>(
        `SELECT p.division_id, ${addis('r.created_at', 'YYYY-MM')} AS month, r.rate_num, count(*)::int AS ratings
         FROM rating_score r JOIN case_progress p ON p.id = r.case_id WHERE r.created_at >= $1
         GROUP BY 1, 2, 3`,
        [from],
      );
    },

    /** Accusations received and closed since `from`, by month. */
    accusations(from: Date) {
      return db.query<AccusationGroup>(
        `SELECT month, sum(received)::int AS received, sum(closed)::int AS closed FROM (
           SELECT ${addis('created_at', 'YYYY-MM')} AS month, 1 AS received, 0 AS closed FROM accusation_state WHERE created_at >= $1
           UNION ALL
           SELECT ${addis('closed_at', 'YYYY-MM')}, 0, 1 FROM accusation_state WHERE closed_at >= $1
         ) a GROUP BY month`,
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
