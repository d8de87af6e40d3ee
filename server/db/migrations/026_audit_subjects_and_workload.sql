-- Issue 24: the audit log names every kind of record its entries are about (review defect 6),
-- and the management dashboard counts each officer's workload. Each owner publishes a view
-- with no content beyond a name, as migrations 018 and 021 did for divisions, teams and staff.

-- cases: a case request and a question by their names in each language.
CREATE VIEW case_request_name AS
  SELECT id, division_id, case_name_en AS name_en, case_name_am AS name_am, case_name_or AS name_or,
         case_name_tg AS name_tg, case_name_sm AS name_sm, case_name_af AS name_af
  FROM case_request;
CREATE VIEW question_name AS
  SELECT id, case_request_id, name_en, name_am, name_or, name_tg, name_sm, name_af FROM question;

-- cases: the person a case's work is counted for (the holder, else who wrote its response).
CREATE VIEW case_workload AS
  SELECT id, COALESCE(assigned_to_id, responded_by_id) AS officer_id FROM customer_case;

-- accusations: an accusation by the reference its complainant holds, nothing filed.
CREATE VIEW accusation_reference AS
  SELECT id, reference FROM accusation;

-- administration: a holiday by its name.
CREATE VIEW holiday_name AS
  SELECT id, name FROM holiday;
