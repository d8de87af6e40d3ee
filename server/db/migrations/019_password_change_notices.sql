-- A notice after every password change (issue 23, ASVS 2.5.5): queued in the change's own
-- transaction on the notices' queue (migration 015), so it is sent exactly when the change
-- holds and survives a restart or a mail relay that is down. A password notice belongs to an
-- account, customer or staff, and to no case.
ALTER TABLE notification_job ALTER COLUMN case_id DROP NOT NULL;
ALTER TABLE notification_job ALTER COLUMN customer_id DROP NOT NULL;
ALTER TABLE notification_job ADD COLUMN staff_id uuid REFERENCES staff_user (id) ON DELETE CASCADE;
ALTER TABLE notification_job DROP CONSTRAINT notification_job_notice_check;
ALTER TABLE notification_job ADD CONSTRAINT notification_job_notice_check
  CHECK (notice IN ('processing_started', 'appointment_set', 'appointment_moved', 'answered', 'rejected', 'password_changed', 'staff_password_changed'));
-- Each job tells one person: a customer (of a case, or of their password) or a staff user.
ALTER TABLE notification_job ADD CONSTRAINT notification_job_one_recipient
  CHECK ((customer_id IS NULL) <> (staff_id IS NULL) AND (case_id IS NULL OR customer_id IS NOT NULL));

-- staff: where a staff user is told that their password changed (they have no stored language:
-- the job carries the one they set the password in).
CREATE VIEW staff_notice_address AS
  SELECT id, firstname, email FROM staff_user;
