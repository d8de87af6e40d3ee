-- Case work (issue 15): staff move a case through its states, one at a time, and every
-- move is kept.

-- The version a staff action read: an action names it, and only one of two staff acting
-- at once finds it unchanged (optimistic check).
ALTER TABLE customer_case ADD COLUMN version integer NOT NULL DEFAULT 0;
-- The officer who took the case (or was assigned it by a manager).
ALTER TABLE customer_case ADD COLUMN assigned_to_id uuid REFERENCES staff_user (id);

-- Which directorate handles a case request (the admin sets it; until then, the division's
-- first active directorate), and its target in working days (server/casework/due-dates.ts).
ALTER TABLE case_request ADD COLUMN directorate_id uuid REFERENCES directorate (id);
ALTER TABLE case_request ADD COLUMN target_working_days integer NOT NULL DEFAULT 10 CHECK (target_working_days > 0);

-- History: who did it, in which role, from which state, and the note they wrote. An entry
-- is only ever inserted (server/cases/casework-store.ts). Internal notes stay with the staff.
ALTER TABLE case_history ADD COLUMN action text NOT NULL DEFAULT 'file';
ALTER TABLE case_history ADD COLUMN actor_id uuid REFERENCES staff_user (id);
ALTER TABLE case_history ADD COLUMN actor_role text;
ALTER TABLE case_history ADD COLUMN from_status text;
ALTER TABLE case_history ADD COLUMN note text;

-- The directorates of a division, as other features may read them (divisions publishes it).
CREATE VIEW directorate_placement AS
  SELECT id, division_id, status, created_at FROM directorate;

-- A staff session now also says where its holder works: every staff call checks it.
CREATE OR REPLACE VIEW staff_session_state AS
  SELECT id, role, status, sessions_valid_after, directorate_id FROM staff_user;
