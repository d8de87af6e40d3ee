/**
 * The life of a case on the staff side: which action may move a case from
 * which state, and to which. The server enforces it (server/cases/casework-service.ts);
 * any other move is refused with 409 and changes nothing.
 */
export type CaseStatus = 'pending' | 'ongoing' | 'responded' | 'verified' | 'rejected' | 'archived' | 'waiting_customer' | 'under_review' | 'withdrawn';
export type CaseAction = 'take' | 'assign' | 'schedule' | 'extend' | 'respond' | 'approve' | 'return' | 'reject' | 'archive' | 'transfer' | 'refile'
  | 'request_information' | 'close_unanswered';

const MOVES: Record<CaseAction, Partial<Record<CaseStatus, CaseStatus>>> = {
  // An officer takes the case, or a manager assigns it.
  take: { pending: 'ongoing' },
  // A manager hands a case to a named officer: a pending one starts, an ongoing one changes hands.
  assign: { pending: 'ongoing', ongoing: 'ongoing' },
  // An appointment is set, and moved, while the case is ongoing: the state stays.
  schedule: { ongoing: 'ongoing' },
  extend: { ongoing: 'ongoing' },
  // The officer answers with a justification and a letter; a manager (only: the contract's roles)
  // approves it, or sends it back.
  respond: { ongoing: 'responded' },
  approve: { responded: 'verified' },
  return: { responded: 'ongoing' },
  // Rejecting needs a justification; verified cases are answered and stay so.
  reject: { pending: 'rejected', ongoing: 'rejected', responded: 'rejected' },
  // An archivist files a closed case under a category; only a refiling moves it after that.
  archive: { verified: 'archived', rejected: 'archived' },
  // A filing corrected: another category for an archived case, within days of its filing (the service's rule).
  refile: { archived: 'archived' },
  // A misrouted case goes to another directorate's queue before anyone answers it; its state stays.
  transfer: { pending: 'pending', ongoing: 'ongoing' },
  // Issue 25: the officer asks the customer for something; the case waits until they answer (their
  // own call, server/casework/information-requests.ts) or, left unanswered long enough, is rejected for it.
  request_information: { ongoing: 'waiting_customer' },
  close_unanswered: { waiting_customer: 'rejected' },
};

/** The states in which the corporation is done with a case: what archivists may read. */
export const CLOSED_STATUSES: readonly CaseStatus[] = ['verified', 'rejected', 'archived'];

/** The state an action leads to from `from`, or undefined when that move is not allowed. */
export function nextStatus(action: CaseAction, from: string): CaseStatus | undefined {
  return MOVES[action][from as CaseStatus];
}
