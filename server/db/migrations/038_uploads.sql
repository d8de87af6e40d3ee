-- Issue 27: resumable uploads (tus 1.0.0 at /uploads/). One row per upload on both databases:
-- when it was made (it is removed 7 days later, finished or not) and which submission used
-- it (one only). On PostgreSQL the row also holds the tus state (offset, size, metadata) and
-- resumable_upload_chunk its bytes, so every instance continues any upload; the embedded
-- database keeps state and bytes in DATA_DIR/uploads (@tus/file-store) and only this row here.
CREATE TABLE resumable_upload (
  id           text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
  size         bigint NOT NULL,
  "offset"     bigint NOT NULL DEFAULT 0,
  metadata     jsonb,
  created_at   timestamptz NOT NULL,
  -- Set once the last byte arrived and the bytes passed the PDF check.
  finished_at  timestamptz,
  -- The submission that used it, in that submission's transaction; its Idempotency-Key
  -- lets the same submission repeated answer its first receipt.
  used_at      timestamptz,
  used_key     text
);
CREATE INDEX resumable_upload_created ON resumable_upload (created_at);

-- PostgreSQL only: the bytes in the order they came, one row per PATCH piece of at most 256 KB.
CREATE TABLE resumable_upload_chunk (
  upload_id    text NOT NULL REFERENCES resumable_upload (id) ON DELETE CASCADE,
  start_offset bigint NOT NULL,
  bytes        bytea NOT NULL,
  PRIMARY KEY (upload_id, start_offset)
);
ALTER TABLE resumable_upload_chunk ALTER COLUMN bytes SET STORAGE EXTERNAL;

-- PostgreSQL only: who writes an upload now (the tus locker shared by instances). A holder
-- renews its lease while it writes; a lease not renewed (its instance died) may be taken.
-- release_asked: another request wants the upload, so the holder stops at its next renewal.
CREATE TABLE resumable_upload_lock (
  upload_id     text PRIMARY KEY,
  holder        text NOT NULL,
  expires_at    timestamptz NOT NULL,
  release_asked boolean NOT NULL DEFAULT false
);
