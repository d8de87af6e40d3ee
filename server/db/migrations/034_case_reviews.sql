-- Review of a decision (issue 25): the customer asks, within REVIEW_WINDOW_DAYS working days of a
-- case's decision (verified or rejected), for a manager who had no part in it to look again.
-- One review per decision: a decision is known by its moment (verified_date or rejected_date),
-- and a "changed" review clears that moment, so the case's next decision opens a new window.
CREATE TABLE case_review (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id         uuid NOT NULL REFERENCES customer_case (id) ON DELETE CASCADE,
  -- The decision reviewed, as it was: an "upheld" review restores it (and the case's due moment).
  decision        text NOT NULL CHECK (decision IN ('verified', 'rejected')),
  decision_date   timestamptz NOT NULL,
  decision_due_at timestamptz,
  reason          text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 2000),
  requested_at    timestamptz NOT NULL,
  -- The case request's target in working days, counted from the request.
  due_at          timestamptz NOT NULL,
  outcome         text CHECK (outcome IN ('upheld', 'changed')),
  justification   text CHECK (char_length(justification) BETWEEN 1 AND 2000),
  decided_at      timestamptz,
  decided_by_id   uuid REFERENCES staff_user (id),
  -- The outcome's letter: a stored file's name under case-files, and its number (PREFIX/<Ethiopian year>/<n>).
  letter          text,
  letter_number   text,
  UNIQUE (case_id, decision_date),
  CHECK ((outcome IS NULL) = (decided_at IS NULL))
);
CREATE INDEX case_review_case_idx ON case_review (case_id, requested_at DESC);
-- The customer's media route finds a review letter by its file name.
CREATE INDEX case_review_letter_idx ON case_review (letter) WHERE letter IS NOT NULL;

-- Until when a review of the case's present decision may be asked for: set with the decision (the
-- working days need the admin's holidays, so the server counts them), cleared when a review is
-- asked for or decided. An answered or rejected case reaches the archivist only after it.
ALTER TABLE customer_case ADD COLUMN review_until timestamptz;

-- What the management dashboard counts of reviews: each one's case and outcome (null while open), nothing else.
CREATE VIEW case_review_outcome AS
  SELECT case_id, outcome FROM case_review;
