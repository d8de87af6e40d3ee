-- Issue 26, a real SMS gateway: every SMS the portal hands to its provider (or holds back)
-- is kept with its state, so a delivery receipt finds its message by the provider's id,
-- the daily cap counts a number's messages of the Addis Ababa day, and a notice job sent
-- once is not handed over again. The text is not kept: the notice job or the reply says it.
CREATE TABLE sms_message (
  id          bigserial PRIMARY KEY,
  -- The number in its one form (+251…).
  phone       text NOT NULL,
  -- The notice job it sends; null for a code or a reply to an incoming message.
  job_id      bigint REFERENCES notification_job (id) ON DELETE SET NULL,
  -- sending: being handed over, sent: the provider took it, delivered / undelivered: its receipt,
  -- capped: over SMS_DAILY_CAP, not sent, stopped: a notice to a number that sent STOP, not sent.
  state       text NOT NULL CHECK (state IN ('sending', 'sent', 'delivered', 'undelivered', 'capped', 'stopped')),
  -- The provider's own id for it, from its answer; receipts name it.
  provider_id text,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
-- The daily cap's question: this number's messages since the start of the day.
CREATE INDEX sms_message_phone ON sms_message (phone, created_at);
CREATE INDEX sms_message_provider_id ON sms_message (provider_id) WHERE provider_id IS NOT NULL;
CREATE INDEX sms_message_job ON sms_message (job_id) WHERE job_id IS NOT NULL;

-- Numbers that sent STOP: no notice goes to them until they send START (codes and replies still do).
CREATE TABLE sms_stop (
  phone      text PRIMARY KEY,
  stopped_at timestamptz NOT NULL
);
