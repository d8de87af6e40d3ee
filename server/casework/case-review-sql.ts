import { iso } from '../db/sql.ts';
import { dueDate } from '../cases/state-sql.ts';

/**
 * How a case's review (issue 25, migration 034) reads in SQL, for the cases' reads and the
 * archive's worklist alike. `c` is the case's alias; `now` a placeholder carrying the app's clock.
 */

/** The case's latest review as its customer and staff read it (the contract's CaseReview), or NULL; `c` is the case's alias. */
export const latestReview = (c: string) => `(
  SELECT json_build_object('reason', v.reason, 'requested_at', ${iso('v.requested_at')}, 'due_date', ${dueDate('v')},
    'outcome', v.outcome, 'justification', v.justification, 'decided_at', ${iso('v.decided_at')}, 'letter', v.letter)
  FROM case_review v WHERE v.case_id = ${c}.id ORDER BY v.requested_at DESC LIMIT 1)`;

/** Until when a review of the case's present decision may be asked for (ISO), judged at `now`; NULL when it may not. */
export const reviewUntil = (c: string, now: string) =>
  `CASE WHEN ${c}.status IN ('verified', 'rejected') AND ${c}.review_until > ${now}::timestamptz THEN ${iso(`${c}.review_until`)} END`;

/** Whether an answered or rejected case may be filed at `now`: no review may still be asked for. */
export const reviewWindowPassed = (c: string, now: string) => `(${c}.review_until IS NULL OR ${c}.review_until <= ${now}::timestamptz)`;

/** Whether an active manager of the case's directorate had no part in its decision: who may decide its review (else an admin). */
export const ELIGIBLE_REVIEWER = (c: string) => `EXISTS (SELECT 1 FROM staff_session_state m
  WHERE m.role = 'manager' AND m.status = 'active' AND m.directorate_id = ${c}.directorate_id
    AND m.id IS DISTINCT FROM ${c}.responded_by_id AND m.id IS DISTINCT FROM ${c}.verified_by_id AND m.id IS DISTINCT FROM ${c}.rejected_by_id)`;
