-- Escalation before a case goes stale (issue 25): five working days after the due moment of a
-- case still open, the admins (management) are alerted. A due-date event as due_soon and late
-- are (case_due_event takes any kind); only the alerts' list of kinds grows.
ALTER TABLE staff_alert DROP CONSTRAINT staff_alert_kind_check;
ALTER TABLE staff_alert ADD CONSTRAINT staff_alert_kind_check
  CHECK (kind IN ('case_assigned', 'approval_waiting', 'response_returned', 'accusation_filed',
                  'case_transferred', 'due_soon', 'late', 'escalated'));
