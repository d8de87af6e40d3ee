-- Ethics users handle accusations (issue 15): received → under review → closed with an
-- outcome; an accusation may be assigned to one of them, and they keep internal notes.

-- received until an ethics user starts the review; closed with an outcome, for good.
ALTER TABLE accusation ADD COLUMN status text NOT NULL DEFAULT 'received'
  CHECK (status IN ('received', 'under_review', 'closed'));
-- The version an action read: of two ethics users acting at once, only one finds it unchanged.
ALTER TABLE accusation ADD COLUMN version integer NOT NULL DEFAULT 0;
ALTER TABLE accusation ADD COLUMN assigned_to_id uuid REFERENCES staff_user (id);
ALTER TABLE accusation ADD COLUMN review_started_at timestamptz;
ALTER TABLE accusation ADD COLUMN closed_at timestamptz;
ALTER TABLE accusation ADD COLUMN outcome text;
ALTER TABLE accusation ADD CONSTRAINT accusation_closed_with_outcome
  CHECK (status <> 'closed' OR (closed_at IS NOT NULL AND outcome IS NOT NULL));
CREATE INDEX accusation_status_idx ON accusation (status, created_at);

-- Every action on an accusation: who, in which role, when, from which state to which, and
-- the note (an outcome, an internal note). Only ever inserted; the triggers refuse the rest.
CREATE TABLE accusation_history (
  id              bigserial PRIMARY KEY,
  accusation_id   uuid NOT NULL REFERENCES accusation (id),
  action          text NOT NULL CHECK (action IN ('start_review', 'close', 'assign', 'note')),
  actor_id        uuid REFERENCES staff_user (id),
  actor_role      text NOT NULL,
  from_status     text NOT NULL,
  to_status       text NOT NULL,
  -- For an assignment: to whom.
  assigned_to_id  uuid REFERENCES staff_user (id),
  note            text,
  at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accusation_history_accusation ON accusation_history (accusation_id, at, id);

-- (The body stays on one line: the migration runner splits statements at line-ending semicolons.)
CREATE FUNCTION accusation_history_is_kept() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'accusation history entries are never changed or deleted'; END $$;
CREATE TRIGGER accusation_history_no_update BEFORE UPDATE OR DELETE ON accusation_history
  FOR EACH ROW EXECUTE FUNCTION accusation_history_is_kept();

-- Where each accusation stands, with no content: what management counts (issue 16).
CREATE VIEW accusation_state AS
  SELECT id, status, created_at, review_started_at, closed_at FROM accusation;
