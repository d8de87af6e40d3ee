-- A case's response (issue 15): the officer's justification (SPEC section 3's
-- response_justification; the letter is response_attachment), and the manager who
-- approved ("paraphed") it.
ALTER TABLE customer_case ADD COLUMN response_justification text;
ALTER TABLE customer_case ADD COLUMN verified_by_id uuid REFERENCES staff_user (id);
