-- Issue 28, erasure and retention (server/privacy): a customer closes their account, and a
-- sweep every instance runs anonymises what has been kept past its period, once per record.

-- A closed account: its personal fields are gone at once (closeMyAccount, or retention once
-- every case of it was anonymised). Its phone is '' like any account without one, so the one-
-- phone rule (migration 035) leaves closed accounts out; their e-mail is NULL and free.
ALTER TABLE customer_user ADD COLUMN closed_at timestamptz;
DROP INDEX customer_user_phone_key;
CREATE UNIQUE INDEX customer_user_phone_key ON customer_user (phone)
  WHERE (phone_verified_at IS NOT NULL OR email IS NULL) AND closed_at IS NULL;

-- The retention sweep's claim: set in the transaction that anonymises the case, so a second
-- instance (which skips the locked row, then sees it set) never does it again.
ALTER TABLE customer_case ADD COLUMN anonymised_at timestamptz;
CREATE INDEX customer_case_retention_idx ON customer_case (status) WHERE anonymised_at IS NULL;

-- An accusation closed past its period loses its complainant's contact details, once.
ALTER TABLE accusation ADD COLUMN contact_removed_at timestamptz;
CREATE INDEX accusation_retention_idx ON accusation (closed_at) WHERE status = 'closed' AND contact_removed_at IS NULL;

-- The two append-only logs keep who acted (actor, role, action, subject, time) for ever; a
-- closed account's e-mail, phone or name written in their free text (an entry's before and
-- after, an accusation's note) becomes its pseudonym. Only privacy_pseudonymise_logs below
-- does this: it runs as the tables' owner (the portal's role may not update the audit log,
-- server/db/runtime-role.ts) and sets the flag the triggers let such an update pass with;
-- any other change or delete is refused as before. (Bodies on one line: the migration
-- runner splits statements at line-ending semicolons.)
CREATE OR REPLACE FUNCTION audit_entry_is_kept() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN IF TG_OP = 'UPDATE' AND current_setting('portal.pseudonymising', true) = 'on' AND (NEW.id, NEW.at, NEW.actor_id, NEW.actor_role, NEW.action, NEW.subject_type, NEW.subject_id, NEW.case_number) IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.actor_id, OLD.actor_role, OLD.action, OLD.subject_type, OLD.subject_id, OLD.case_number) THEN RETURN NEW; END IF; RAISE EXCEPTION 'audit entries are never changed or deleted'; END $$;

CREATE OR REPLACE FUNCTION accusation_history_is_kept() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN IF TG_OP = 'UPDATE' AND current_setting('portal.pseudonymising', true) = 'on' AND (NEW.id, NEW.accusation_id, NEW.action, NEW.actor_id, NEW.actor_role, NEW.from_status, NEW.to_status, NEW.assigned_to_id, NEW.at) IS NOT DISTINCT FROM (OLD.id, OLD.accusation_id, OLD.action, OLD.actor_id, OLD.actor_role, OLD.from_status, OLD.to_status, OLD.assigned_to_id, OLD.at) THEN RETURN NEW; END IF; RAISE EXCEPTION 'accusation history entries are never changed or deleted'; END $$;

-- Replaces each of `needles` (literally, any case; at least 6 characters, so it cannot wipe
-- the logs' words) by `pseudonym` (only the form "Customer XXXX-XXXX") in the logs' free text.
CREATE FUNCTION privacy_pseudonymise_logs(needles text[], pseudonym text) RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT
  AS $$ DECLARE needle text; quoted text; changed integer := 0; n integer; BEGIN IF pseudonym !~ '^Customer [0-9A-Z]{4}-[0-9A-Z]{4}$' THEN RAISE EXCEPTION 'not a pseudonym: %', pseudonym; END IF; PERFORM set_config('portal.pseudonymising', 'on', true); FOREACH needle IN ARRAY needles LOOP IF char_length(needle) < 6 THEN RAISE EXCEPTION 'too short to search for'; END IF; quoted := '***=' || substr(to_json(needle)::text, 2, char_length(to_json(needle)::text) - 2); UPDATE audit_entry SET before = regexp_replace(before::text, quoted, pseudonym, 'gi')::jsonb, after = regexp_replace(after::text, quoted, pseudonym, 'gi')::jsonb WHERE before::text ~* quoted OR after::text ~* quoted; GET DIAGNOSTICS n = ROW_COUNT; changed := changed + n; UPDATE accusation_history SET note = regexp_replace(note, '***=' || needle, pseudonym, 'gi') WHERE note ~* ('***=' || needle); GET DIAGNOSTICS n = ROW_COUNT; changed := changed + n; END LOOP; PERFORM set_config('portal.pseudonymising', 'off', true); RETURN changed; END $$;
