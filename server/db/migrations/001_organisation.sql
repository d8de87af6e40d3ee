-- Divisions, their directorates and the teams under them (SPEC section 3).
-- Names and descriptions are kept per language as the API serves them.
CREATE TABLE division (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name_en         text NOT NULL,
  name_am         text NOT NULL,
  name_or         text NOT NULL,
  name_tg         text NOT NULL,
  name_sm         text NOT NULL,
  name_af         text NOT NULL,
  description_en  text NOT NULL DEFAULT '',
  description_am  text NOT NULL DEFAULT '',
  description_or  text NOT NULL DEFAULT '',
  description_tg  text NOT NULL DEFAULT '',
  description_sm  text NOT NULL DEFAULT '',
  description_af  text NOT NULL DEFAULT '',
  status          text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  special         text NOT NULL DEFAULT 'no' CHECK (special IN ('yes', 'no')),
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE directorate (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  division_id  uuid NOT NULL REFERENCES division (id),
  name_en      text NOT NULL,
  name_am      text NOT NULL,
  name_or      text NOT NULL,
  name_tg      text NOT NULL,
  name_sm      text NOT NULL,
  name_af      text NOT NULL,
  status       text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX directorate_division_idx ON directorate (division_id);

CREATE TABLE team (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  directorate_id  uuid NOT NULL REFERENCES directorate (id),
  name_en         text NOT NULL,
  name_am         text NOT NULL,
  name_or         text NOT NULL,
  name_tg         text NOT NULL,
  name_sm         text NOT NULL,
  name_af         text NOT NULL,
  status          text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  created_at      timestamptz NOT NULL DEFAULT now()
);
