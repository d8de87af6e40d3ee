-- A stored file belongs to a row only once the transaction that stores that row claims it
-- (issue 10: "in the same transaction as their row"). A file finished but never claimed
-- (the process stopped between the upload and the row, or the row was refused) is an
-- orphan, and a later start deletes it once it is an hour old. Files stored before this
-- migration were saved for rows that exist, so they count as claimed.
ALTER TABLE stored_file ADD COLUMN claimed boolean NOT NULL DEFAULT false;
UPDATE stored_file SET claimed = true WHERE complete;
