-- Staff roles (issue 15): officers (members of a team of a directorate) handle cases,
-- managers of a directorate approve their letters, ethics users handle accusations (the
-- stored role keeps today's name, accusation_acceptor, so existing tokens and the
-- acceptors' calls stay as they are), archivists file closed cases, admins administer.
-- The demo's case officers, who have no login, become officers.
ALTER TABLE staff_user DROP CONSTRAINT staff_user_role_check;
UPDATE staff_user SET role = 'officer' WHERE role = 'case_officer';
ALTER TABLE staff_user ADD CONSTRAINT staff_user_role_check
  CHECK (role IN ('officer', 'manager', 'accusation_acceptor', 'archivist', 'admin'));

-- Where an officer or a manager works: the queue they see is their directorate's.
ALTER TABLE staff_user ADD COLUMN directorate_id uuid REFERENCES directorate (id);
ALTER TABLE staff_user ADD COLUMN team_id uuid REFERENCES team (id);
