-- The end of a case's life and who is on it (issues 15 and 16): archivists file verified
-- and rejected cases under an archival category, managers assign cases to officers, and
-- every case knows when it falls due, so `late` is computed on read by every instance.

-- archived: filed by an archivist, read-only for good. Customers never see this state:
-- an archived case shows them the verdict it had (see case_owner below and server/cases).
ALTER TABLE customer_case DROP CONSTRAINT customer_case_status_check;
ALTER TABLE customer_case ADD CONSTRAINT customer_case_status_check
  CHECK (status IN ('pending', 'ongoing', 'responded', 'verified', 'rejected', 'archived'));
ALTER TABLE case_history DROP CONSTRAINT case_history_status_check;
ALTER TABLE case_history ADD CONSTRAINT case_history_status_check
  CHECK (status IN ('pending', 'ongoing', 'responded', 'verified', 'rejected', 'archived'));

CREATE TABLE archival_category (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name           text NOT NULL CHECK (btrim(name) <> ''),
  status         text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  created_by_id  uuid REFERENCES staff_user (id),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX archival_category_name_key ON archival_category (lower(name));

ALTER TABLE customer_case ADD COLUMN archival_category_id uuid REFERENCES archival_category (id);
ALTER TABLE customer_case ADD COLUMN archived_date timestamptz;
ALTER TABLE customer_case ADD COLUMN archived_by_id uuid REFERENCES staff_user (id);
ALTER TABLE customer_case ADD CONSTRAINT customer_case_archived_in_category
  CHECK (status <> 'archived' OR (archival_category_id IS NOT NULL AND archived_date IS NOT NULL));
CREATE INDEX customer_case_archive_idx ON customer_case (archived_date DESC, case_number DESC) WHERE status = 'archived';

-- An assignment's officer, kept with its history entry.
ALTER TABLE case_history ADD COLUMN assigned_to_id uuid REFERENCES staff_user (id);

-- When the case falls due: the end (midnight in Addis Ababa) of the last working day of its
-- case request's target, set at filing (server/cases/casework-due-dates.ts; existing cases
-- are filled in by the server when it starts, which knows the holidays). A case is late
-- when it was not verified or rejected before then. The stored `late` flag only ever said
-- what the demo data set, so it goes: lateness is computed from the clock on every read.
ALTER TABLE customer_case ADD COLUMN due_at timestamptz;
ALTER TABLE customer_case DROP COLUMN late;
CREATE INDEX customer_case_due_missing_idx ON customer_case (id) WHERE due_at IS NULL;

-- Whose case is it and where it stands for its customer (ratings read it): an archived case
-- keeps the verdict it had, so an answered case can still be rated once archived.
CREATE OR REPLACE VIEW case_owner AS
  SELECT id, customer_id,
         CASE WHEN status <> 'archived' THEN status WHEN verified_date IS NULL THEN 'rejected' ELSE 'verified' END AS status
  FROM customer_case;

