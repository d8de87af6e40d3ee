-- Issue 23: the audit log keeps ids, codes and non-personal fields only, resolved to names
-- when read, so erasing or keeping a person's data never touches it. Entries written before
-- held staff names and e-mails, and the notes of case moves (which the case's history keeps):
-- they lose those fields, once, here. Only the table's owner can do this (the portal's own
-- role cannot: server/db/runtime-role.ts), and the trigger is back on in the same transaction.
ALTER TABLE audit_entry DISABLE TRIGGER audit_entry_no_update;

UPDATE audit_entry
   SET before = before - 'email' - 'firstname' - 'middlename' - 'lastname',
       after = after - 'email' - 'firstname' - 'middlename' - 'lastname'
 WHERE subject_type = 'staff'
   AND (before ?| ARRAY['email', 'firstname', 'middlename', 'lastname'] OR after ?| ARRAY['email', 'firstname', 'middlename', 'lastname']);

UPDATE audit_entry SET after = after - 'note' WHERE subject_type = 'case' AND after ? 'note';

ALTER TABLE audit_entry ENABLE TRIGGER audit_entry_no_update;
