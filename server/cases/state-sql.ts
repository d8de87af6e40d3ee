/**
 * How a case's state and lateness read in SQL, shared by the customer's reads and
 * the staff's, so every call and every instance says the same thing about a case.
 */

/**
 * The state a customer sees: SPEC section 3 has no "archived", so an archived case keeps
 * showing the verdict it was filed with (verified if a manager approved it, else rejected).
 */
export const customerStatus = (c: string) =>
  `CASE WHEN ${c}.status <> 'archived' THEN ${c}.status WHEN ${c}.verified_date IS NULL THEN 'rejected' ELSE 'verified' END`;

/**
 * 'yes' when the case was not verified or rejected before it fell due (migration 014's
 * due_at), judged at its verdict or, without one, at `now`: a parameter carrying the app's
 * clock, so tests move time and every instance agrees. A case with no due moment yet (filed
 * by an older version, filled in at the next start) is not late: none is, on its first day.
 */
export const lateness = (c: string, now: string) =>
  `CASE WHEN ${c}.due_at <= COALESCE(${c}.verified_date, ${c}.rejected_date, ${now}::timestamptz) THEN 'yes' ELSE 'no' END`;

/** The due day (YYYY-MM-DD, Addis Ababa, UTC+3 all year): the day of the last second before due_at. */
export const dueDate = (c: string) =>
  `to_char((${c}.due_at - interval '1 second') AT TIME ZONE 'UTC' + interval '3 hours', 'YYYY-MM-DD')`;
