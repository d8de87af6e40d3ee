-- Staff administration and the management dashboard (issue 16).

-- When each staff user last signed in, for the admin's list (server/staff/service.ts sets it).
ALTER TABLE staff_user ADD COLUMN last_sign_in_at timestamptz;

-- The admin never chooses a password: a set-password link is mailed instead. Like a
-- customer's password_reset, only the token's hash is kept, and a link works once.
CREATE TABLE staff_password_link (
  token_hash  text PRIMARY KEY,
  staff_id    uuid NOT NULL REFERENCES staff_user (id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_password_link_staff ON staff_password_link (staff_id);

-- divisions: which directorate a team is in (a staff user's team must be in their
-- directorate), and a directorate's name in every language (the dashboard's rows).
CREATE VIEW team_placement AS
  SELECT id, directorate_id, status FROM team;

CREATE VIEW directorate_name AS
  SELECT id, division_id, name_en, name_am, name_or, name_tg, name_sm, name_af FROM directorate;

-- cases: where each case stands and in whose queue, with no content: what the dashboard
-- counts. The directorate is the queue's (the case request's, else the division's first
-- active one), as server/cases/casework-store.ts decides it; due_at is migration 014's.
CREATE VIEW case_progress AS
  SELECT c.id, c.case_number, c.division_id,
         COALESCE(r.directorate_id, (SELECT d.id FROM directorate d WHERE d.division_id = c.division_id AND d.status = 'active' ORDER BY d.created_at, d.id LIMIT 1)) AS directorate_id,
         c.status, c.created_at, COALESCE(c.verified_date, c.rejected_date) AS answered_at, c.due_at
  FROM customer_case c JOIN case_request r ON r.id = c.case_request_id;

-- ratings: the score given to each case, with nobody named.
CREATE VIEW rating_score AS
  SELECT case_id, rate_num, created_at FROM case_rating;
