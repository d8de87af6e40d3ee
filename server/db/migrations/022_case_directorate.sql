-- Issue 24: a case has a directorate of its own, so a manager can transfer a misrouted case
-- without touching its case request or division. Until now every read derived it: the case
-- request's directorate, else the division's first active directorate by created_at. Existing
-- cases keep exactly that queue; new ones are routed at filing (server/cases/routing-sql.ts).
-- Nullable: a division may have no active directorate yet, and its cases then wait in no
-- queue, as before, until an admin transfers them.
ALTER TABLE customer_case ADD COLUMN directorate_id uuid REFERENCES directorate (id);

UPDATE customer_case c
SET directorate_id = COALESCE(r.directorate_id, (SELECT d.id FROM directorate d
                      WHERE d.division_id = c.division_id AND d.status = 'active' ORDER BY d.created_at, d.id LIMIT 1))
FROM case_request r
WHERE r.id = c.case_request_id;

-- Every queue, the four-eyes check and the dashboard read cases by directorate and state.
CREATE INDEX customer_case_directorate ON customer_case (directorate_id, status);

-- The dashboard's view reads the case's own directorate now (same columns, same order).
CREATE OR REPLACE VIEW case_progress AS
  SELECT c.id, c.case_number, c.division_id, c.directorate_id,
         c.status, c.created_at, COALESCE(c.verified_date, c.rejected_date) AS answered_at, c.due_at
  FROM customer_case c;

-- A transfer's history entry names the directorate the case left and the one it went to.
ALTER TABLE case_history ADD COLUMN from_directorate_id uuid REFERENCES directorate (id);
ALTER TABLE case_history ADD COLUMN to_directorate_id uuid REFERENCES directorate (id);
