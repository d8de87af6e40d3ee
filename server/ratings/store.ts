import type { Queryable } from '../db/database.ts';
import type { Rating, RatingComment, StaffRating } from '../contract/cases.ts';
import { iso } from '../db/sql.ts';

export function createRatingStore(db: Queryable) {
  return {
    async ratingOf(caseId: string, customerId: string): Promise<Rating | undefined> {
      const rows = await db.query<Rating>(
        `SELECT rate_num AS "rateNum", case_id AS "rateCase", json_build_object('_id', customer_id) AS "rateCustomer", comment
         FROM case_rating WHERE case_id = $1 AND customer_id = $2`,
        [caseId, customerId],
      );
      const rating = rows[0];
      if (rating && rating.comment === null) delete rating.comment;
      return rating;
    },

    /** A case named by a rating link: its owner and status, and whether it has its rating already. */
    async linkedCase(caseId: string): Promise<{ customerId: string; status: string; rated: boolean } | undefined> {
      const rows = await db.query<{ customerId: string; status: string; rated: boolean }>(
        `SELECT o.customer_id AS "customerId", o.status, EXISTS (SELECT 1 FROM case_rating r WHERE r.case_id = o.id) AS rated
         FROM case_owner o WHERE o.id = $1`,
        [caseId],
      );
      return rows[0];
    },

    /** The status of one of this customer's cases; undefined for an unknown or someone else's case. */
    async statusOfOwnCase(caseId: string, customerId: string): Promise<string | undefined> {
      const rows = await db.query<{ status: string }>('SELECT status FROM case_owner WHERE id = $1 AND customer_id = $2', [
        caseId,
        customerId,
      ]);
      return rows[0]?.status;
    },

    /** A case's rating as staff who may read the case see it (issue 25): the stars, the comment and when; undefined before any. */
    async ratingOfCase(caseId: string): Promise<StaffRating | undefined> {
      const rows = await db.query<StaffRating>(
        `SELECT rate_num AS rate, comment, ${iso('created_at')} AS at FROM case_rating WHERE case_id = $1`,
        [caseId],
      );
      return rows[0];
    },

    /**
     * The newest comments on cases of a directorate (every directorate for null), for the
     * management dashboard: case number, stars, date and text, never who wrote them.
     */
    recentComments(directorateId: string | null, limit: number) {
      return db.query<RatingComment>(
        `SELECT p.case_number, r.rate_num AS rate, r.comment, ${iso('r.created_at')} AS at
         FROM case_rating r JOIN case_progress p ON p.id = r.case_id
         WHERE r.comment IS NOT NULL AND ($1::uuid IS NULL OR p.directorate_id = $1)
         ORDER BY r.created_at DESC, r.id DESC LIMIT $2`,
        [directorateId, limit],
      );
    },

    /** False when this customer rated this case already (the unique constraint decides, race-free). `at`: the app's clock, as staff read it. */
    async insertRating(caseId: string, customerId: string, rateNum: number, comment: string | null, at: Date): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO case_rating (case_id, customer_id, rate_num, comment, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (case_id, customer_id) DO NOTHING RETURNING id`,
        [caseId, customerId, rateNum, comment, at],
      );
      return rows.length > 0;
    },
  };
}
export type RatingStore = ReturnType<typeof createRatingStore>;
