-- Staff sessions end on a password reset, as customers' do: tokens issued before this
-- instant are refused (npm run staff sets it when it resets a password).
ALTER TABLE staff_user ADD COLUMN sessions_valid_after timestamptz NOT NULL DEFAULT '-infinity';
