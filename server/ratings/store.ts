import type { Queryable } from '../db/database.ts';
import type { Rating } from '../contract/cases.ts';

export function createRatingStore(db: Queryable) {
  return {
    async ratingOf(caseId: string, customerId: string): Promise<Rating | undefined> {
      const rows = await db.query<Rating>(
        `SELECT rate_num AS "rateNum", case_id AS "rateCase", json_build_object('_id', customer_id) AS "rateCustomer"
         FROM case_rating WHERE case_id = $1 AND customer_id = $2`,
        [caseId, customerId],
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

    /** False when this customer rated this case already (the unique constraint decides, race-free). */
    async insertRating(caseId: string, customerId: string, rateNum: number): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO case_rating (case_id, customer_id, rate_num) VALUES ($1, $2, $3)
         ON CONFLICT (case_id, customer_id) DO NOTHING RETURNING id`,
        [caseId, customerId, rateNum],
      );
      return rows.length > 0;
    },
  };
}
export type RatingStore = ReturnType<typeof createRatingStore>;
