-- Formal letters (issue 25): a response letter gets a number of its own at approval,
-- <CASE_NUMBER_PREFIX>/<Ethiopian year>/<sequence of that year>, from a counter per year
-- like the case numbers' (the row lock of the upsert keeps numbers unique across instances).
CREATE TABLE letter_number_sequence (
  year  integer PRIMARY KEY,
  last  integer NOT NULL
);

-- The number (NULL for a draft or a sent-back letter), and whether the server wrote the
-- letter from the justification: only such a letter is written again at approval, with its
-- number and approver; an uploaded one is kept as uploaded.
ALTER TABLE customer_case
  ADD COLUMN response_letter_number text,
  ADD COLUMN response_letter_generated boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX customer_case_response_letter_number_key ON customer_case (response_letter_number);

-- The letter an officer starts a response from, per case request in the six languages
-- (empty: none); {name}, {case_number}, {filed_date}, {due_date} and {today} are filled in.
ALTER TABLE case_request
  ADD COLUMN letter_template_en text NOT NULL DEFAULT '',
  ADD COLUMN letter_template_am text NOT NULL DEFAULT '',
  ADD COLUMN letter_template_or text NOT NULL DEFAULT '',
  ADD COLUMN letter_template_tg text NOT NULL DEFAULT '',
  ADD COLUMN letter_template_sm text NOT NULL DEFAULT '',
  ADD COLUMN letter_template_af text NOT NULL DEFAULT '';
