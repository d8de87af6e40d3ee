-- Customer accounts (SPEC sections 3 and 7): registration with an e-mailed one-time
-- code, login tokens that can be revoked, password resets.
CREATE TABLE customer_user (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  firstname            text NOT NULL,
  middlename           text NOT NULL,
  lastname             text NOT NULL,
  email                text NOT NULL,
  password_hash        text NOT NULL,
  phone                text NOT NULL,
  house_phone_number   text NOT NULL DEFAULT '',
  subcity              text NOT NULL DEFAULT '',
  woreda               text NOT NULL DEFAULT '',
  house_number         text NOT NULL DEFAULT '',
  gender               text NOT NULL CHECK (gender IN ('Male', 'Female')),
  picture              text,
  status               text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  language             text NOT NULL DEFAULT 'am',
  email_verified_at    timestamptz,
  -- Tokens issued before this instant are refused (set on a password reset).
  sessions_valid_after timestamptz NOT NULL DEFAULT '-infinity',
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX customer_user_email_key ON customer_user (lower(email));

-- One live code per customer; a resend replaces it. Stored hashed, attempt-capped.
CREATE TABLE customer_otp (
  customer_id  uuid PRIMARY KEY REFERENCES customer_user (id) ON DELETE CASCADE,
  code_hash    text NOT NULL,
  expires_at   timestamptz NOT NULL,
  attempts     integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE password_reset (
  token_hash   text PRIMARY KEY,
  customer_id  uuid NOT NULL REFERENCES customer_user (id) ON DELETE CASCADE,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- Logged-out tokens, kept until they would have expired anyway.
CREATE TABLE revoked_token (
  jti         uuid PRIMARY KEY,
  expires_at  timestamptz NOT NULL
);

-- Server-made secrets shared by every instance on this database (token signing key).
CREATE TABLE server_secret (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Attempts at guessable secrets (codes, reset links, passwords) per e-mail or account,
-- counted in the database so every instance sees the same count.
CREATE TABLE guess_attempt (
  key          text PRIMARY KEY,
  attempts     integer NOT NULL,
  window_ends  timestamptz NOT NULL
);
