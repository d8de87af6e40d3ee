-- The dialogue with the customer (issue 25): the states, notices and staff alerts its two
-- halves need, in one place, so the information requests (migration 033) and the reviews of
-- a decision (migration 034) each add only their own tables.
-- waiting_customer: an officer asked the customer for something; under_review: the customer
-- asked for a review of a decision.
ALTER TABLE customer_case DROP CONSTRAINT customer_case_status_check;
ALTER TABLE customer_case ADD CONSTRAINT customer_case_status_check
  CHECK (status IN ('pending', 'ongoing', 'responded', 'verified', 'rejected', 'archived', 'waiting_customer', 'under_review'));
ALTER TABLE case_history DROP CONSTRAINT case_history_status_check;
ALTER TABLE case_history ADD CONSTRAINT case_history_status_check
  CHECK (status IN ('pending', 'ongoing', 'responded', 'verified', 'rejected', 'archived', 'waiting_customer', 'under_review'));

-- The customer is told of a request, reminded of one left unanswered, and told a review's outcome.
ALTER TABLE notification_job DROP CONSTRAINT notification_job_notice_check;
ALTER TABLE notification_job ADD CONSTRAINT notification_job_notice_check
  CHECK (notice IN ('processing_started', 'appointment_set', 'appointment_moved', 'answered', 'rejected', 'password_changed',
                    'staff_password_changed', 'staff_alert', 'staff_due_digest',
                    'information_requested', 'information_reminder', 'review_decided'));

-- The officer is alerted when the customer answers, and when a request may be closed as
-- unanswered; the directorate's managers when a review is asked for.
ALTER TABLE staff_alert DROP CONSTRAINT staff_alert_kind_check;
ALTER TABLE staff_alert ADD CONSTRAINT staff_alert_kind_check
  CHECK (kind IN ('case_assigned', 'approval_waiting', 'response_returned', 'accusation_filed',
                  'case_transferred', 'due_soon', 'late', 'escalated',
                  'information_answered', 'information_unanswered', 'review_requested'));
