-- Issue 23: the audit log keeps ids; its reader names them as they are now. Teams and
-- archival categories get a name view of their own, as divisions, directorates and staff
-- already have (009, 018), so the management area reads names without reading those tables.
CREATE VIEW team_name AS
  SELECT id, directorate_id, name_en, name_am, name_or, name_tg, name_sm, name_af FROM team;

CREATE VIEW archival_category_name AS
  SELECT id, name FROM archival_category;
