import type { Database, Queryable } from '../db/database.ts';
import { recordAudit } from '../audit/audit-log.ts';

/** What the withdrawal's rules read of a case. */
export interface CaseForWithdrawal {
  id: string;
  case_number: string;
  status: string;
  version: number;
  customer_id: string;
}

/** The withdrawal as the casework's afterMove hook takes it (notices: none; staff alerts: the holder's). */
export interface WithdrawMove {
  caseId: string;
  caseNumber: string;
  customerId: string;
  version: number;
  action: 'withdraw';
  from: string;
  to: 'withdrawn';
  actor: { id: string; role: 'customer' };
  at: Date;
}
export type WithdrawMoveHook = (tx: Queryable, move: WithdrawMove) => Promise<void>;

/** Thrown inside the transaction to roll it back when the case moved meanwhile. */
class Moved extends Error {}

/**
 * A customer's withdrawal of their case (issue 28, migration 040): one transaction with the
 * case's move, its history entry by the customer, its audit entry and what the move tells
 * the staff (the afterMove hook: the holder's alert).
 */
export function createWithdrawStore(db: Database, afterMove: WithdrawMoveHook) {
  return {
    async caseForWithdrawal(caseId: string): Promise<CaseForWithdrawal | undefined> {
      const [found] = await db.query<CaseForWithdrawal>(
        'SELECT id, case_number, status, version, customer_id FROM customer_case WHERE id = $1',
        [caseId],
      );
      return found;
    },

    /** False when the case is no longer as `found` read it (a staff move came between): nothing written. */
    async withdraw(found: CaseForWithdrawal, at: Date): Promise<boolean> {
      try {
        await db.transaction(async (tx) => {
          const moved = await tx.query(
            `UPDATE customer_case SET status = 'withdrawn', version = version + 1, withdrawn_date = $4
             WHERE id = $1 AND version = $2 AND status = $3 RETURNING id`,
            [found.id, found.version, found.status, at],
          );
          if (moved.length === 0) throw new Moved();
          // The customer is the actor: the history entry names no staff user, only the role.
          await tx.query(
            `INSERT INTO case_history (case_id, status, changed_at, action, actor_role, from_status)
             VALUES ($1, 'withdrawn', $2, 'withdraw', 'customer', $3)`,
            [found.id, at, found.status],
          );
          await recordAudit(tx, {
            actorId: found.customer_id, actorRole: 'customer', action: 'withdraw_case', subjectType: 'case', subjectId: found.id,
            caseNumber: found.case_number, at, before: { status: found.status }, after: { status: 'withdrawn' },
          });
          await afterMove(tx, {
            caseId: found.id, caseNumber: found.case_number, customerId: found.customer_id, version: found.version,
            action: 'withdraw', from: found.status, to: 'withdrawn', actor: { id: found.customer_id, role: 'customer' }, at,
          });
        });
        return true;
      } catch (error) {
        if (error instanceof Moved) return false;
        throw error;
      }
    },
  };
}
export type WithdrawStore = ReturnType<typeof createWithdrawStore>;
