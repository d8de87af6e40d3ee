import type { Queryable } from '../../server/db/database.ts';

/**
 * The demo's pending cases, oldest first, each with the first active directorate of its
 * division: where the tests that move a case put the staff who take it.
 */
export const pendingCases = (db: Queryable) =>
  db.query<{ id: string; case_number: string; directorate: string }>(
    `SELECT c.id, c.case_number, (SELECT d.id FROM directorate d WHERE d.division_id = c.division_id AND d.status = 'active'
                                  ORDER BY d.created_at, d.id LIMIT 1) AS directorate
     FROM customer_case c WHERE c.status = 'pending' ORDER BY c.created_at`,
  );
