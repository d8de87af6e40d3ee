-- Notifications (issue 15): each change a customer should know about (processing started,
-- appointment set or moved, answered, rejected) queues one job per channel in the same
-- transaction as the staff move. Every instance drains the table (server/notifications):
-- a job is leased with FOR UPDATE SKIP LOCKED, sent outside any transaction, then marked
-- sent under the lease it holds, so two instances never send the same job.
CREATE TABLE notification_job (
  id           bigserial PRIMARY KEY,
  channel      text NOT NULL CHECK (channel IN ('mail', 'sms')),
  notice       text NOT NULL CHECK (notice IN ('processing_started', 'appointment_set', 'appointment_moved', 'answered', 'rejected')),
  case_id      uuid NOT NULL REFERENCES customer_case (id) ON DELETE CASCADE,
  customer_id  uuid NOT NULL REFERENCES customer_user (id) ON DELETE CASCADE,
  -- What the text needs besides the customer: case number, appointment date, justification.
  payload      jsonb NOT NULL DEFAULT '{}',
  -- Due from then: the move's time at first, later the next retry's.
  run_after    timestamptz NOT NULL,
  attempts     integer NOT NULL DEFAULT 0,
  -- The drainer sending it now, and until when; an expired lease (a crashed instance) is taken over.
  lease        uuid,
  leased_until timestamptz,
  last_error   text,
  sent_at      timestamptz,
  -- Given up after the last retry: kept, for an operator to see why.
  failed_at    timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
-- The drainers' one question: what is due and open, oldest first.
CREATE INDEX notification_job_due ON notification_job (run_after, id) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX notification_job_case ON notification_job (case_id);
-- The given-up ones, which the metrics count at every scrape (sent ones pile up; these stay few).
CREATE INDEX notification_job_failed ON notification_job (failed_at) WHERE failed_at IS NOT NULL;

-- accounts: where and in which language a customer is told of their cases.
CREATE VIEW customer_notice_address AS
  SELECT id, firstname, email, phone, language FROM customer_user;
