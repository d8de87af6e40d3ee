-- The audit log (issue 16): every staff and admin action, who did it, when, and what it
-- changed (before → after). Rows are only ever inserted (server/audit/audit-log.ts); the
-- triggers below refuse an UPDATE or a DELETE, so not even a bug or a hand-typed SQL
-- statement through the app's connection can rewrite what happened.
CREATE TABLE audit_entry (
  id           bigserial PRIMARY KEY,
  at           timestamptz NOT NULL DEFAULT now(),
  actor_id     uuid,
  actor_role   text NOT NULL,
  action       text NOT NULL,
  subject_type text NOT NULL,
  subject_id   text NOT NULL,
  case_number  text,
  before       jsonb,
  after        jsonb
);
CREATE INDEX audit_entry_at ON audit_entry (at DESC, id DESC);
CREATE INDEX audit_entry_actor ON audit_entry (actor_id, at DESC);
CREATE INDEX audit_entry_subject ON audit_entry (subject_type, subject_id);
CREATE INDEX audit_entry_case_number ON audit_entry (case_number) WHERE case_number IS NOT NULL;

-- (The body stays on one line: the migration runner splits statements at line-ending semicolons.)
CREATE FUNCTION audit_entry_is_kept() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'audit entries are never changed or deleted'; END $$;
CREATE TRIGGER audit_entry_no_update BEFORE UPDATE OR DELETE ON audit_entry
  FOR EACH ROW EXECUTE FUNCTION audit_entry_is_kept();
