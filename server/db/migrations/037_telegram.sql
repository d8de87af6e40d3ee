-- Issue 26, part 3: the Telegram bot and the customer's choice of channels.

-- A notice may go by Telegram, a third channel of the one queue.
ALTER TABLE notification_job DROP CONSTRAINT notification_job_channel_check;
ALTER TABLE notification_job ADD CONSTRAINT notification_job_channel_check CHECK (channel IN ('mail', 'sms', 'telegram'));

-- The chats that talked to the bot: the language chosen at /start, and the account the chat
-- is linked to once its owner shared the contact of that account's verified phone. /stop
-- takes the link away. One chat per account: a second link moves the notices to the newer chat.
CREATE TABLE telegram_chat (
  chat_id     bigint PRIMARY KEY,
  language    text,
  customer_id uuid UNIQUE REFERENCES customer_user (id) ON DELETE CASCADE,
  linked_at   timestamptz,
  updated_at  timestamptz NOT NULL
);

-- The channels a customer takes their case notices by (the profile page). No row: every
-- channel they have (an e-mail, a phone, a linked chat).
CREATE TABLE customer_notice_choice (
  customer_id uuid PRIMARY KEY REFERENCES customer_user (id) ON DELETE CASCADE,
  mail        boolean NOT NULL,
  sms         boolean NOT NULL,
  telegram    boolean NOT NULL
);

-- The one rule of who is told by what (server/notifications/job-store.ts queues through it):
-- a channel the customer has (an e-mail, a phone, a linked chat) and has not turned off.
CREATE VIEW customer_notice_channel AS
  SELECT u.id AS customer_id, c.channel
  FROM customer_user u
  CROSS JOIN (VALUES ('mail'), ('sms'), ('telegram')) AS c (channel)
  LEFT JOIN customer_notice_choice n ON n.customer_id = u.id
  WHERE CASE c.channel
    WHEN 'mail' THEN u.email IS NOT NULL AND coalesce(n.mail, true)
    WHEN 'sms' THEN u.phone <> '' AND coalesce(n.sms, true)
    ELSE EXISTS (SELECT 1 FROM telegram_chat t WHERE t.customer_id = u.id) AND coalesce(n.telegram, true)
  END;

-- accounts: the account a verified phone number signs in (migration 035 keeps it one), which
-- a chat sharing that number's contact is linked to.
CREATE VIEW customer_verified_phone AS
  SELECT id, phone FROM customer_user WHERE phone_verified_at IS NOT NULL;
