-- Ask the customer (issue 25): an officer's request for information on an ongoing case, and the
-- customer's answer to it. While a request is open the case is waiting_customer; at most one
-- request of a case is open at a time (answered, or closed as unanswered, ends it).
CREATE TABLE information_request (
  id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id                 uuid NOT NULL REFERENCES customer_case (id) ON DELETE CASCADE,
  message                 text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 2000),
  asked_by_id             uuid NOT NULL REFERENCES staff_user (id),
  asked_at                timestamptz NOT NULL,
  answer_text             text CHECK (char_length(answer_text) BETWEEN 1 AND 2000),
  -- The answer's PDF, a stored file's name under case-files (claimed in the answer's transaction).
  answer_attachment       text,
  answered_at             timestamptz,
  -- The outbox's Idempotency-Key of the answer and what it was sent with (as customer_case's):
  -- a replay answers the first receipt and stores nothing.
  idempotency_key         text,
  idempotency_fingerprint text,
  -- Closed as unanswered: the case was rejected for it.
  closed_at               timestamptz,
  -- The reminder to the customer, and the officer's "unanswered" alert: each raised once, by
  -- whichever instance's sweep sets it first.
  reminded_at             timestamptz,
  expiry_alerted_at       timestamptz,
  CHECK ((answer_text IS NULL) = (answered_at IS NULL))
);
CREATE INDEX information_request_case_idx ON information_request (case_id, asked_at);
CREATE UNIQUE INDEX information_request_open_key ON information_request (case_id) WHERE answered_at IS NULL AND closed_at IS NULL;
CREATE UNIQUE INDEX information_request_idempotency_key ON information_request (case_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
-- The media route finds an answer's PDF by its file name.
CREATE INDEX information_request_attachment_idx ON information_request (answer_attachment) WHERE answer_attachment IS NOT NULL;
