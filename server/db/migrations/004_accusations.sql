-- Accusations (complaints) filed by visitors, read by accusation acceptors (issue 5).
CREATE TABLE accusation (
  id                           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reference                    text NOT NULL UNIQUE,
  name                         text NOT NULL DEFAULT '',
  phone                        text NOT NULL DEFAULT '',
  subject                      text NOT NULL,
  description                  text NOT NULL,
  accused_organizational_part  text NOT NULL DEFAULT '',
  attachment                   text,
  -- The outbox's key for this filing: a resend answers the first reference (issue 6).
  idempotency_key              text UNIQUE,
  created_at                   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accusation_created_idx ON accusation (created_at);

-- References per Ethiopian year, allocated in one statement so concurrent filings never share one.
CREATE TABLE accusation_sequence (
  year  integer PRIMARY KEY,
  last  integer NOT NULL
);
