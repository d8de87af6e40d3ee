-- What each Idempotency-Key was first sent with: a SHA-256 of the form's fields and the
-- file's bytes (issue 12). The same key with another body is refused with 422 (the IETF
-- Idempotency-Key draft) instead of answering the first receipt. Rows filed before this
-- migration have none, and any repeat of their key answers their receipt as before.
ALTER TABLE customer_case ADD COLUMN idempotency_fingerprint text;
ALTER TABLE accusation ADD COLUMN idempotency_fingerprint text;
