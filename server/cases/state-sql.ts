/**
 * How a case's state and lateness read in SQL, shared by the customer's reads and
 * the staff's, so every call and every instance says the same thing about a case.
 */

/**
 * The state a customer sees: SPEC section 3 has no "archived", so an archived case keeps
 * showing the verdict it was filed with (verified if a manager approved it, else rejected).
 */
export const customerStatus = (c: string) =>
  `CASE WHEN ${c}.status <> 'archived' THEN ${c}.status WHEN ${responseApproved(c)} THEN 'verified' ELSE 'rejected' END`;

/**
 * Whether a manager approved the case's response (verified, or archived once verified): only
 * then is the letter, and who wrote it, the customer's (SPEC sections 3 and 4, "only when
 * verified"). A draft waiting for approval, one sent back, and one whose case was rejected
 * stay the staff's: approval is the only move that sets verified_date, and nothing clears it.
 */
export const responseApproved = (c: string) => `${c}.verified_date IS NOT NULL`;

/**
 * 'yes' when the case was not verified or rejected before it fell due (migration 014's
 * due_at), judged at its verdict or, without one (or under review, due at its review's moment: issue 25), at `now`: a parameter carrying the app's
 * clock, so tests move time and every instance agrees. A case with no due moment yet (filed
 * by an older version, filled in at the next start) is not late: none is, on its first day.
 * Nor is a case waiting for its customer (issue 25): its clock is paused, and the answer moves
 * due_at on by the working days it waited. A withdrawn case (issue 28) is judged at its withdrawal.
 */
export const lateness = (c: string, now: string) =>
  `CASE WHEN ${c}.status = 'waiting_customer' THEN 'no'
     WHEN ${c}.due_at <= (CASE WHEN ${c}.status = 'under_review' THEN ${now}::timestamptz
       ELSE COALESCE(${c}.verified_date, ${c}.rejected_date, ${c}.withdrawn_date, ${now}::timestamptz) END) THEN 'yes' ELSE 'no' END`;

/** The due day (YYYY-MM-DD, Addis Ababa, UTC+3 all year): the day of the last second before due_at. */
export const dueDate = (c: string) =>
  `to_char((${c}.due_at - interval '1 second') AT TIME ZONE 'UTC' + interval '3 hours', 'YYYY-MM-DD')`;
