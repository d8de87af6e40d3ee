-- Each feature's read interface (issue 11: "no feature reads another feature's tables").
-- A feature reads another feature's data only through these views, which its owner
-- publishes with the columns others may rely on (server/db/ownership.ts names the owner
-- of every table and view; tests/unit/table-boundaries.test.ts holds the rule). They are
-- plain projections, so the planner inlines them: the plans stay those of the tables.

-- accounts: what a case shows of its customer (SPEC "Case": customer), and what decides
-- whether a customer's session still holds.
CREATE VIEW customer_contact AS
  SELECT id, firstname, middlename, lastname, phone, house_phone_number, subcity, woreda, house_number, gender
  FROM customer_user;

CREATE VIEW customer_session_state AS
  SELECT id, status, sessions_valid_after FROM customer_user;

-- staff: the names a case shows (responded by, rejected by, scheduled by), and what
-- decides whether a staff session still holds.
CREATE VIEW staff_name AS
  SELECT id, firstname, middlename, lastname FROM staff_user;

CREATE VIEW staff_session_state AS
  SELECT id, role, status, sessions_valid_after FROM staff_user;

-- divisions: a division's name in every language, and whether it is offered (SPEC
-- section 3: only active divisions with special no are selectable).
CREATE VIEW division_name AS
  SELECT id, name_en, name_am, name_or, name_tg, name_sm, name_af FROM division;

CREATE VIEW division_availability AS
  SELECT id, status, special FROM division;

-- cases: whose a case is and where it stands (a rating needs both).
CREATE VIEW case_owner AS
  SELECT id, customer_id, status FROM customer_case;
