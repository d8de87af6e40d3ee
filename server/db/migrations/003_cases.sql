-- Cases (SPEC sections 3, 4 and 7, issue 4): what a customer can apply for (case requests
-- and their questions), the cases they file, their history, schedule and rating.

-- Corporation staff. A later issue gives accusation acceptors a login; here staff names
-- appear on cases (responded by, rejected by, scheduled by).
CREATE TABLE staff_user (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  firstname      text NOT NULL,
  middlename     text NOT NULL DEFAULT '',
  lastname       text NOT NULL,
  email          text NOT NULL,
  -- NULL: no password set yet, so no login.
  password_hash  text,
  role           text NOT NULL CHECK (role IN ('accusation_acceptor', 'case_officer')),
  status         text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_user_email_key ON staff_user (lower(email));

-- A case request is a kind of case a division takes (SPEC "case list item").
CREATE TABLE case_request (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  division_id   uuid NOT NULL REFERENCES division (id),
  status        text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  case_name_en  text NOT NULL,
  case_name_am  text NOT NULL,
  case_name_or  text NOT NULL,
  case_name_tg  text NOT NULL,
  case_name_sm  text NOT NULL,
  case_name_af  text NOT NULL,
  position      integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_request_division_idx ON case_request (division_id);

-- input_type normal_input or text_area, anything else is a select of its options;
-- data_type string gives text, anything else a number (SPEC section 3).
CREATE TABLE question (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_request_id  uuid NOT NULL REFERENCES case_request (id),
  input_type       text NOT NULL,
  data_type        text NOT NULL DEFAULT 'string',
  name_en          text NOT NULL,
  name_am          text NOT NULL,
  name_or          text NOT NULL,
  name_tg          text NOT NULL,
  name_sm          text NOT NULL,
  name_af          text NOT NULL,
  is_required      text NOT NULL DEFAULT 'no' CHECK (is_required IN ('yes', 'no')),
  position         integer NOT NULL DEFAULT 0
);
CREATE INDEX question_case_request_idx ON question (case_request_id);

CREATE TABLE question_option (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  question_id  uuid NOT NULL REFERENCES question (id),
  value_en     text NOT NULL,
  value_am     text NOT NULL,
  value_or     text NOT NULL,
  value_tg     text NOT NULL,
  value_sm     text NOT NULL,
  value_af     text NOT NULL,
  position     integer NOT NULL DEFAULT 0
);
CREATE INDEX question_option_question_idx ON question_option (question_id);

CREATE TABLE customer_case (
  id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_number              text NOT NULL UNIQUE,
  customer_id              uuid NOT NULL REFERENCES customer_user (id),
  division_id              uuid NOT NULL REFERENCES division (id),
  case_request_id          uuid NOT NULL REFERENCES case_request (id),
  related_case_id          uuid REFERENCES customer_case (id),
  status                   text NOT NULL DEFAULT 'pending'
                           CHECK (status IN ('pending', 'ongoing', 'responded', 'verified', 'rejected')),
  late                     text NOT NULL DEFAULT 'no' CHECK (late IN ('yes', 'no')),
  remark                   text NOT NULL DEFAULT '',
  -- File names in the case-files storage area.
  attachment               text,
  response_attachment      text,
  responded_by_id          uuid REFERENCES staff_user (id),
  rejected_by_id           uuid REFERENCES staff_user (id),
  rejection_justification  text,
  -- The outbox's Idempotency-Key: a replayed submission answers with the first receipt (DESIGN.md).
  idempotency_key          text,
  created_at               timestamptz NOT NULL DEFAULT now(),
  ongoing_date             timestamptz,
  verified_date            timestamptz,
  rejected_date            timestamptz,
  UNIQUE (customer_id, idempotency_key)
);
CREATE INDEX customer_case_customer_idx ON customer_case (customer_id, created_at);
-- The media route finds a stored PDF's case by its file name.
CREATE INDEX customer_case_attachment_idx ON customer_case (attachment) WHERE attachment IS NOT NULL;
CREATE INDEX customer_case_response_attachment_idx ON customer_case (response_attachment) WHERE response_attachment IS NOT NULL;

-- A select's answer is its option id; others the text or number typed.
CREATE TABLE case_answer (
  case_id      uuid NOT NULL REFERENCES customer_case (id),
  question_id  uuid NOT NULL REFERENCES question (id),
  answer       text NOT NULL,
  position     integer NOT NULL DEFAULT 0,
  PRIMARY KEY (case_id, question_id)
);

CREATE TABLE case_schedule (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id          uuid NOT NULL REFERENCES customer_case (id),
  extended_by_id   uuid REFERENCES staff_user (id),
  extended_date    timestamptz,
  scheduled_by_id  uuid REFERENCES staff_user (id),
  scheduled_date   timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_schedule_case_idx ON case_schedule (case_id);

CREATE TABLE case_history (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id     uuid NOT NULL REFERENCES customer_case (id),
  status      text NOT NULL CHECK (status IN ('pending', 'ongoing', 'responded', 'verified', 'rejected')),
  changed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_history_case_idx ON case_history (case_id, changed_at);

-- One counter per Ethiopian-calendar year; the row lock of the upsert makes numbers
-- unique and gap-free across instances.
CREATE TABLE case_number_sequence (
  year  integer PRIMARY KEY,
  last  integer NOT NULL
);

-- One rating per customer per case: the unique constraint decides, race-free.
CREATE TABLE case_rating (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id      uuid NOT NULL REFERENCES customer_case (id),
  customer_id  uuid NOT NULL REFERENCES customer_user (id),
  rate_num     integer NOT NULL CHECK (rate_num BETWEEN 1 AND 5),
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (case_id, customer_id)
);
