import type { AlsoInTransaction, Database, Queryable } from '../db/database.ts';
import type { StaffRole } from '../auth/tokens.ts';
import type { CaseAction, CaseStatus } from '../casework/case-states.ts';

/** What a staff action needs to know of a case: where it stands, its version, whose queue it is in. */
export interface CaseAtWork {
  id: string;
  status: string;
  version: number;
  case_number: string;
  /** The case request's directorate, or until an admin sets one, the division's first active directorate. */
  directorate_id: string | null;
}

/** One staff action, as it is stored: the case's new state, the dates it sets, and its history entry. */
export interface CaseMove {
  caseId: string;
  /** The version the action read: the move happens only if nobody moved the case since. */
  version: number;
  action: CaseAction;
  from: string;
  to: CaseStatus;
  actor: { id: string; role: StaffRole };
  at: Date;
  note?: string;
  appointment?: { kind: 'scheduled' | 'extended'; date: Date };
  /** A response: its letter (a stored file's name) and the claim of that file, in the move's transaction. */
  letter?: { name: string; claim: AlsoInTransaction };
}

/** A move as it was stored, for work another feature does in its transaction. */
export type StoredMove = CaseMove & { caseNumber: string; customerId: string };

/**
 * The case work's reads and writes of the cases' tables (issue 15). `afterMove` runs in
 * each move's transaction: the customer's notices (server/notifications) are queued
 * together with the move or not at all.
 */
export function createCaseworkStore(db: Database, afterMove?: (tx: Queryable, move: StoredMove) => Promise<void>) {
  return {
    async caseAtWork(caseId: string): Promise<CaseAtWork | undefined> {
      const rows = await db.query<CaseAtWork>(
        `SELECT c.id, c.status, c.version, c.case_number,
                COALESCE(r.directorate_id, (SELECT d.id FROM directorate_placement d
                                            WHERE d.division_id = c.division_id AND d.status = 'active'
                                            ORDER BY d.created_at, d.id LIMIT 1)) AS directorate_id
         FROM customer_case c JOIN case_request r ON r.id = c.case_request_id
         WHERE c.id = $1`,
        [caseId],
      );
      return rows[0];
    },

    /** Every case in a directorate's queue, with what its due date is computed from. */
    queue(directorateId: string) {
      return db.query<{ id: string; case_number: string; status: string; created_at: Date; target_working_days: number }>(
        `SELECT c.id, c.case_number, c.status, c.created_at, r.target_working_days
         FROM customer_case c JOIN case_request r ON r.id = c.case_request_id
         WHERE COALESCE(r.directorate_id, (SELECT d.id FROM directorate_placement d
                                          WHERE d.division_id = c.division_id AND d.status = 'active'
                                          ORDER BY d.created_at, d.id LIMIT 1)) = $1`,
        [directorateId],
      );
    },

    /** Every move of a case, oldest first (the filing included, which has no actor). */
    history(caseId: string) {
      return db.query<{ action: string; from: string | null; to: string; actor_id: string | null; actor_role: string | null; note: string | null; at: Date }>(
        `SELECT action, from_status AS "from", status AS "to", actor_id, actor_role, note, changed_at AS at
         FROM case_history WHERE case_id = $1 ORDER BY changed_at, id`,
        [caseId],
      );
    },

    /** The directorate a staff user works in (null for the roles that have none). */
    async directorateOf(staffId: string): Promise<string | null> {
      const rows = await db.query<{ directorate_id: string | null }>('SELECT directorate_id FROM staff_session_state WHERE id = $1', [staffId]);
      return rows[0]?.directorate_id ?? null;
    },

    /** Whether the case has an appointment to extend. */
    async hasAppointment(caseId: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM case_schedule WHERE case_id = $1 AND scheduled_date IS NOT NULL', [caseId]);
      return rows.length > 0;
    },

    /**
     * Moves the case and records the move, in one transaction; false (and nothing written)
     * when the case is no longer at the version and state the action read.
     */
    async move(move: CaseMove): Promise<boolean> {
      return db.transaction(async (tx) => {
        const moved = await tx.query<{ case_number: string; customer_id: string }>(
          `UPDATE customer_case SET
             status = $4, version = version + 1,
             ongoing_date = CASE WHEN $5 = 'take' THEN $6 ELSE ongoing_date END,
             assigned_to_id = CASE WHEN $5 = 'take' THEN $7 ELSE assigned_to_id END,
             rejected_date = CASE WHEN $5 = 'reject' THEN $6 ELSE rejected_date END,
             rejected_by_id = CASE WHEN $5 = 'reject' THEN $7 ELSE rejected_by_id END,
             rejection_justification = CASE WHEN $5 = 'reject' THEN $8 ELSE rejection_justification END,
             responded_by_id = CASE WHEN $5 = 'respond' THEN $7 ELSE responded_by_id END,
             response_justification = CASE WHEN $5 = 'respond' THEN $8 ELSE response_justification END,
             response_attachment = CASE WHEN $5 = 'respond' THEN $9 ELSE response_attachment END,
             verified_date = CASE WHEN $5 = 'approve' THEN $6 ELSE verified_date END,
             verified_by_id = CASE WHEN $5 = 'approve' THEN $7 ELSE verified_by_id END
           WHERE id = $1 AND version = $2 AND status = $3
           RETURNING case_number, customer_id`,
          [move.caseId, move.version, move.from, move.to, move.action, move.at, move.actor.id, move.note ?? null, move.letter?.name ?? null],
        );
        if (moved.length === 0) return false;
        await move.letter?.claim(tx);
        if (move.appointment) {
          const [dateColumn, byColumn] = move.appointment.kind === 'scheduled' ? ['scheduled_date', 'scheduled_by_id'] : ['extended_date', 'extended_by_id'];
          await tx.query(`INSERT INTO case_schedule (case_id, ${dateColumn}, ${byColumn}, created_at) VALUES ($1, $2, $3, $4)`, [
            move.caseId, move.appointment.date, move.actor.id, move.at,
          ]);
        }
        await tx.query(
          `INSERT INTO case_history (case_id, status, changed_at, action, actor_id, actor_role, from_status, note)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [move.caseId, move.to, move.at, move.action, move.actor.id, move.actor.role, move.from, move.note ?? null],
        );
        await afterMove?.(tx, { ...move, caseNumber: moved[0].case_number, customerId: moved[0].customer_id });
        return true;
      });
    },
  };
}
export type CaseworkStore = ReturnType<typeof createCaseworkStore>;
