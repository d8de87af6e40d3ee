-- Issue 26: a phone number is enough. An account may have no e-mail; it then signs in with
-- its phone, which a code sent by SMS verifies (phone_verified_at), as the mailed code
-- verifies an e-mail.
ALTER TABLE customer_user ALTER COLUMN email DROP NOT NULL;
ALTER TABLE customer_user ADD COLUMN phone_verified_at timestamptz;

-- The numbers that sign in: a verified phone belongs to one account only, and a phone-only
-- account waiting for its code holds its number too, so a number finds at most one account
-- and a second registration with it stores nothing (a conflict of the insert, race-free).
-- The unverified phones of e-mail accounts may repeat (one phone for a family).
CREATE UNIQUE INDEX customer_user_phone_key ON customer_user (phone) WHERE phone_verified_at IS NOT NULL OR email IS NULL;
