import { ApiError } from '../errors/api-error.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import type { CaseAction } from './case-states.ts';

/**
 * The moves that belong to whoever holds an assigned case (review defect 5: a colleague set an
 * appointment on a case the manager had given to someone else). Taking and assigning have rules
 * of their own; approving and sending back are the managers'; a note is anyone's.
 */
const HOLDERS_MOVES: ReadonlySet<CaseAction> = new Set(['schedule', 'extend', 'respond', 'reject', 'request_information', 'close_unanswered']);

/**
 * Refuses, with 403 and nothing changed, a move of an assigned case by anyone but its holder or a
 * manager (the caller has already been found to work in the case's directorate), and the
 * rejection of a response waiting for approval by anyone but a manager (security review H10).
 */
export function expectMayMove(session: SessionClaims, found: { status: string; assigned_to_id: string | null }, action: CaseAction): void {
  if (session.role === 'manager' || !HOLDERS_MOVES.has(action)) return;
  if (found.assigned_to_id && found.assigned_to_id !== session.id) throw new ApiError(403, 'caseHeldByAnother');
  if (action === 'reject' && found.status === 'responded') throw new ApiError(403, 'caseRejectionNeedsManager');
}
