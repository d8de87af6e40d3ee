-- Issue 25: a rating may carry the customer's comment (at most 1000 characters, as the
-- contract says), given through the signed-in dialog or the one-tap link of the "answered" mail.
ALTER TABLE case_rating ADD COLUMN comment text CHECK (char_length(comment) <= 1000);
