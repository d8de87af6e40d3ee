-- Staff alerts (issue 24): what a staff user should know of their work, kept per person and
-- raised in the transaction of the event that causes it (server/staff/alerts-*.ts).
-- `event_key` names the event (a case move by the version it made, a filed accusation, a
-- due-date event): one alert per person and event, however often it is raised (a retry, two
-- instances), and the e-mail is queued only by the insert that made the row.
CREATE TABLE staff_alert (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id      uuid NOT NULL REFERENCES staff_user (id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('case_assigned', 'approval_waiting', 'response_returned', 'accusation_filed',
                                              'case_transferred', 'due_soon', 'late')),
  case_id       uuid REFERENCES customer_case (id) ON DELETE CASCADE,
  accusation_id uuid REFERENCES accusation (id) ON DELETE CASCADE,
  event_key     text NOT NULL,
  -- What the alert says besides its kind: the case number or the accusation's reference, a
  -- manager's note, the directorates' names, the due moment.
  payload       jsonb NOT NULL DEFAULT '{}',
  created_at    timestamptz NOT NULL,
  read_at       timestamptz,
  UNIQUE (staff_id, event_key),
  CHECK ((case_id IS NULL) <> (accusation_id IS NULL))
);
-- The one list a person reads: theirs, newest first; and the unread count the nav polls.
CREATE INDEX staff_alert_inbox ON staff_alert (staff_id, created_at DESC, id DESC);
CREATE INDEX staff_alert_unread ON staff_alert (staff_id) WHERE read_at IS NULL;

-- The due-date events of a case: raised once per case, kind and due moment by the sweep every
-- instance runs (the primary key decides which instance raises it). Issue 25's escalation adds
-- kinds here, not a second mechanism.
CREATE TABLE case_due_event (
  case_id   uuid NOT NULL REFERENCES customer_case (id) ON DELETE CASCADE,
  kind      text NOT NULL,
  due_at    timestamptz NOT NULL,
  raised_at timestamptz NOT NULL,
  PRIMARY KEY (case_id, kind, due_at)
);

-- Whether a staff user gets their alerts by e-mail too, and the language they last used the
-- portal in (set at each sign-in and with the setting): staff had no stored language.
ALTER TABLE staff_user ADD COLUMN alert_mail boolean NOT NULL DEFAULT true;
ALTER TABLE staff_user ADD COLUMN language text;

-- cases: who holds a case and who wrote its response, for the alerts of its moves and due dates.
CREATE VIEW case_staffing AS
  SELECT id, assigned_to_id, responded_by_id FROM customer_case;

-- notifications: an alert's e-mail, and the daily digest of due-soon and late cases (one job per
-- staff user and Addis Ababa day, its list growing until it is sent).
ALTER TABLE notification_job ADD COLUMN digest_day date;
CREATE UNIQUE INDEX notification_job_digest ON notification_job (staff_id, digest_day) WHERE digest_day IS NOT NULL;
ALTER TABLE notification_job DROP CONSTRAINT notification_job_notice_check;
ALTER TABLE notification_job ADD CONSTRAINT notification_job_notice_check
  CHECK (notice IN ('processing_started', 'appointment_set', 'appointment_moved', 'answered', 'rejected', 'password_changed',
                    'staff_password_changed', 'staff_alert', 'staff_due_digest'));

