-- The admin's reference data (issue 16): questions and options can be switched off, old
-- cases keep the words they were filed with, holidays and the offered languages are data.

-- A question or option a case used is never deleted, only switched off (server/cases/admin-service.ts).
ALTER TABLE question ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive'));
ALTER TABLE question_option ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive'));

-- A case shows its questions and answers as they read when it was filed: the question's
-- six names and, for a select, the chosen option's six values are copied at filing.
ALTER TABLE case_answer ADD COLUMN question_name_en text;
ALTER TABLE case_answer ADD COLUMN question_name_am text;
ALTER TABLE case_answer ADD COLUMN question_name_or text;
ALTER TABLE case_answer ADD COLUMN question_name_tg text;
ALTER TABLE case_answer ADD COLUMN question_name_sm text;
ALTER TABLE case_answer ADD COLUMN question_name_af text;
ALTER TABLE case_answer ADD COLUMN option_value_en text;
ALTER TABLE case_answer ADD COLUMN option_value_am text;
ALTER TABLE case_answer ADD COLUMN option_value_or text;
ALTER TABLE case_answer ADD COLUMN option_value_tg text;
ALTER TABLE case_answer ADD COLUMN option_value_sm text;
ALTER TABLE case_answer ADD COLUMN option_value_af text;

-- Cases filed before this migration keep the texts their questions have today.
UPDATE case_answer a SET question_name_en = q.name_en, question_name_am = q.name_am, question_name_or = q.name_or,
  question_name_tg = q.name_tg, question_name_sm = q.name_sm, question_name_af = q.name_af
  FROM question q WHERE q.id = a.question_id;
UPDATE case_answer a SET option_value_en = o.value_en, option_value_am = o.value_am, option_value_or = o.value_or,
  option_value_tg = o.value_tg, option_value_sm = o.value_sm, option_value_af = o.value_af
  FROM question_option o WHERE o.question_id = a.question_id AND o.id::text = a.answer;
ALTER TABLE case_answer ALTER COLUMN question_name_en SET NOT NULL;
ALTER TABLE case_answer ALTER COLUMN question_name_am SET NOT NULL;
ALTER TABLE case_answer ALTER COLUMN question_name_or SET NOT NULL;
ALTER TABLE case_answer ALTER COLUMN question_name_tg SET NOT NULL;
ALTER TABLE case_answer ALTER COLUMN question_name_sm SET NOT NULL;
ALTER TABLE case_answer ALTER COLUMN question_name_af SET NOT NULL;

-- Holidays the due dates skip (server/casework/holidays.ts's list, now editable): every
-- year on a Gregorian or an Ethiopian month and day, or once on a dated day.
CREATE TABLE holiday (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  calendar    text NOT NULL CHECK (calendar IN ('gregorian', 'ethiopian', 'dated')),
  month       integer CHECK (month BETWEEN 1 AND 13),
  day         integer CHECK (day BETWEEN 1 AND 31),
  date        date,
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK ((calendar = 'dated') = (date IS NOT NULL)),
  CHECK ((calendar = 'dated') = (month IS NULL AND day IS NULL))
);
INSERT INTO holiday (calendar, month, day, name) VALUES
  ('gregorian', 1, 7, 'Genna (Christmas)'),
  ('gregorian', 3, 2, 'Victory of Adwa'),
  ('gregorian', 5, 1, 'International Labour Day'),
  ('gregorian', 5, 5, 'Patriots'' Victory Day'),
  ('gregorian', 5, 28, 'Downfall of the Derg'),
  ('ethiopian', 1, 1, 'Enkutatash (New Year)'),
  ('ethiopian', 1, 17, 'Meskel'),
  ('ethiopian', 5, 11, 'Timket (Epiphany)');
INSERT INTO holiday (calendar, date, name) VALUES
  ('dated', '2026-04-10', 'Siklet (Good Friday)'),
  ('dated', '2026-04-12', 'Fasika (Easter)');

-- The portal's settings the admin changes, one JSON value a key: today which languages
-- the selector offers (SPEC section 1: English and Amharic unless the admin opens more).
CREATE TABLE portal_setting (
  key         text PRIMARY KEY,
  value       jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO portal_setting (key, value) VALUES ('languages', '["en", "am"]');
