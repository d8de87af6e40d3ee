-- Issue 24: an admin marks the questions whose answers the staff queue shows beside each case
-- (an urgency question, say). Every existing question stays out of the queue until marked.
ALTER TABLE question ADD COLUMN show_in_queue boolean NOT NULL DEFAULT false;
