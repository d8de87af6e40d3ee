-- An admin's second factor (ASVS 4.3.1): a TOTP secret, sealed with a key derived from the
-- token secret (server/staff/two-factor.ts), so a copy of the database alone does not give
-- it away. A row with no confirmed_at is an enrolment under way: the secret was shown once
-- and waits for its first code. last_used_step is the 30-second step of the last code taken:
-- a code is taken only for a later step, so a code seen over someone's shoulder is refused.
CREATE TABLE staff_two_factor (
  staff_id       uuid PRIMARY KEY REFERENCES staff_user (id) ON DELETE CASCADE,
  sealed_secret  text NOT NULL,
  confirmed_at   timestamptz,
  last_used_step bigint
);
