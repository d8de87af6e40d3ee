-- A customer withdraws a case not yet answered (issue 28): pending, ongoing or waiting_customer
-- becomes withdrawn. The case stays for the corporation's records, leaves the staff's queues
-- and workload, and counts in no card of the customer's dashboard but the total.
ALTER TABLE customer_case DROP CONSTRAINT customer_case_status_check;
ALTER TABLE customer_case ADD CONSTRAINT customer_case_status_check
  CHECK (status IN ('pending', 'ongoing', 'responded', 'verified', 'rejected', 'archived', 'waiting_customer', 'under_review', 'withdrawn'));
ALTER TABLE case_history DROP CONSTRAINT case_history_status_check;
ALTER TABLE case_history ADD CONSTRAINT case_history_status_check
  CHECK (status IN ('pending', 'ongoing', 'responded', 'verified', 'rejected', 'archived', 'waiting_customer', 'under_review', 'withdrawn'));

-- When it was withdrawn: the case's last moment (lateness is judged at it, as at a verdict).
ALTER TABLE customer_case ADD COLUMN withdrawn_date timestamptz;
ALTER TABLE customer_case ADD CONSTRAINT customer_case_withdrawn_dated CHECK (status <> 'withdrawn' OR withdrawn_date IS NOT NULL);

-- The case's holder (or, unassigned, its directorate's managers) is told the customer withdrew it.
ALTER TABLE staff_alert DROP CONSTRAINT staff_alert_kind_check;
ALTER TABLE staff_alert ADD CONSTRAINT staff_alert_kind_check
  CHECK (kind IN ('case_assigned', 'approval_waiting', 'response_returned', 'accusation_filed',
                  'case_transferred', 'due_soon', 'late', 'escalated',
                  'information_answered', 'information_unanswered', 'review_requested', 'case_withdrawn'));
