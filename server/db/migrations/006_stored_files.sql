-- Uploaded and generated files kept in the database (issue 10), so every instance on one
-- PostgreSQL serves every file. The embedded PGlite keeps its files in DATA_DIR/files and
-- leaves these tables empty.
CREATE TABLE stored_file (
  id uuid PRIMARY KEY,
  area text NOT NULL,
  -- "<uuid>.part" while it is written; the served name once every check passed.
  name text NOT NULL,
  size integer NOT NULL DEFAULT 0,
  complete boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (area, name)
);

-- The bytes in rows of 256 KB, so a 10 MB file streams in and out and is never held whole.
CREATE TABLE stored_file_chunk (
  file_id uuid NOT NULL REFERENCES stored_file (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (file_id, seq)
);

-- PDFs and pictures are compressed already: store them out of line without trying again.
ALTER TABLE stored_file_chunk ALTER COLUMN bytes SET STORAGE EXTERNAL;
