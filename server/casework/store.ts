import type { AlsoInTransaction, Database, Queryable } from '../db/database.ts';
import type { StaffRole } from '../auth/tokens.ts';
import type { CaseAction, CaseStatus } from './case-states.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { containing, iso, pageOf, sixNames, staffPerson } from '../db/sql.ts';
import { ARCHIVE } from '../archive/archive-sql.ts';
import { dueDate, lateness } from '../cases/state-sql.ts';
import { phoneDigits, phoneSearchDigits } from '../phones/phone-number.ts';
import type { QueuedCase, StaffPerson } from '../contract/casework-calls.ts';
import type { Archival } from '../contract/archive-calls.ts';

/** What a staff action needs to know of a case: where it stands, its version, whose queue it is in. */
export interface CaseAtWork {
  id: string;
  status: string;
  version: number;
  case_number: string;
  /** The case request's directorate, or until an admin sets one, the division's first active directorate. */
  directorate_id: string | null;
  assigned_to_id: string | null;
  /** Who wrote its response (the last to respond), if anyone has. */
  responded_by_id: string | null;
  /** Whether an active manager of its directorate other than that writer is there to approve the response. */
  another_manager: boolean;
}

/** What a staff queue is asked for: one directorate's cases (or every directorate's), narrowed by the filters given. */
export interface QueueFilter {
  /** Absent for the archive's worklist, which spans every directorate. */
  directorateId?: string;
  /** Only these states (the archive's worklist: the closed ones). */
  statuses?: readonly string[];
  /** The staff user asking: `mine` means assigned to them. */
  staffId: string;
  /**
   * Only the responses this approver may approve (four eyes): never one they wrote; for an
   * admin, only those of a directorate with no other active manager.
   */
  approver?: { id: string; admin: boolean };
  status?: string;
  late?: 'yes' | 'no';
  mine?: boolean;
  /** Part of a case number, a customer's phone or name. */
  q?: string;
  page: number;
  perPage: number;
  now: Date;
}

/** The case's directorate: its case request's, or until an admin sets one, its division's first active one. */
const DIRECTORATE_OF_CASE = `COALESCE(r.directorate_id, (SELECT d.id FROM directorate_placement d
  WHERE d.division_id = c.division_id AND d.status = 'active' ORDER BY d.created_at, d.id LIMIT 1))`;

/**
 * Four eyes: whether an active manager of the case's directorate, other than the one who wrote
 * its response, is there to approve it. When none is, an admin approves that case.
 */
const ANOTHER_MANAGER = `EXISTS (SELECT 1 FROM staff_session_state m
  WHERE m.role = 'manager' AND m.status = 'active' AND m.directorate_id = ${DIRECTORATE_OF_CASE}
    AND m.id IS DISTINCT FROM c.responded_by_id)`;

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
  /** An assignment's officer (a staff id). */
  officer?: string;
  /** An archival category's id. */
  category?: string;
  /** A response: its letter (a stored file's name) and the claim of that file, in the move's transaction. */
  letter?: { name: string; claim: AlsoInTransaction };
}

/** A move as it was stored, for work another feature does in its transaction. */
export type StoredMove = CaseMove & { caseNumber: string; customerId: string };

/**
 * The case work's reads and writes of the cases' tables. `afterMove` runs in
 * each move's transaction: the customer's notices (server/notifications) are queued
 * together with the move or not at all.
 */
export function createCaseworkStore(db: Database, afterMove?: (tx: Queryable, move: StoredMove) => Promise<void>) {
  return {
    async caseAtWork(caseId: string): Promise<CaseAtWork | undefined> {
      const rows = await db.query<CaseAtWork>(
        `SELECT c.id, c.status, c.version, c.case_number, c.assigned_to_id, ${DIRECTORATE_OF_CASE} AS directorate_id,
           c.responded_by_id, ${ANOTHER_MANAGER} AS another_manager
         FROM customer_case c JOIN case_request r ON r.id = c.case_request_id
         WHERE c.id = $1`,
        [caseId],
      );
      return rows[0];
    },

    /**
     * A page of a directorate's queue, soonest due first (cases with no due moment yet last),
     * with what the queue shows of each: the case request, the customer, the officer on it.
     */
    async queue(filter: QueueFilter) {
      const params: unknown[] = [filter.now];
      const conditions = ['true'];
      const add = (sql: (placeholder: string) => string, value: unknown) => {
        params.push(value);
        conditions.push(sql(`$${params.length}`));
      };
      if (filter.directorateId) add((p) => `${DIRECTORATE_OF_CASE} = ${p}`, filter.directorateId);
      if (filter.statuses) add((p) => `c.status = ANY(${p}::text[])`, filter.statuses);
      if (filter.status) add((p) => `c.status = ${p}`, filter.status);
      if (filter.late) add((p) => `${lateness('c', '$1')} = ${p}`, filter.late);
      if (filter.mine) add((p) => `c.assigned_to_id = ${p}`, filter.staffId);
      if (filter.approver) {
        add((p) => `c.status = 'responded' AND c.responded_by_id IS DISTINCT FROM ${p}`, filter.approver.id);
        if (filter.approver.admin) conditions.push(`NOT ${ANOTHER_MANAGER}`);
      }
      if (filter.q) {
        // A q that reads as (part of) a phone number, 0911… or +251911…, is looked for in the stored number's digits.
        const digits = phoneSearchDigits(filter.q);
        params.push(containing(filter.q), digits ? containing(digits) : null);
        const [text, phone] = [`$${params.length - 1}`, `$${params.length}`];
        conditions.push(`(c.case_number ILIKE ${text} OR ${phoneDigits('u.phone')} LIKE ${phone}
          OR concat_ws(' ', u.firstname, u.middlename, u.lastname) ILIKE ${text})`);
      }
      const customerJoin = filter.q ? 'JOIN customer_contact u ON u.id = c.customer_id' : '';
      const { rows, currentPage, totalPages } = await pageOf<QueuedCase>(db, {
        matching: `SELECT c.id, row_number() OVER (ORDER BY c.due_at NULLS LAST, c.case_number) AS position
         FROM customer_case c JOIN case_request r ON r.id = c.case_request_id ${customerJoin}
         WHERE ${conditions.join(' AND ')}`,
        shown: `SELECT json_build_object('_id', c.id, 'case_number', c.case_number, 'status', c.status,
           'late', ${lateness('c', '$1')}, 'due_date', ${dueDate('c')}, 'createdAt', ${iso('c.created_at')},
           'caselist', json_build_object('_id', r.id, ${sixNames('r', 'case_name')}),
           'customer', json_build_object('firstname', u.firstname, 'middlename', u.middlename, 'lastname', u.lastname, 'phone', u.phone),
           'assigned_to', ${staffPerson('a')}) AS row
         FROM page JOIN customer_case c ON c.id = page.id
         JOIN case_request r ON r.id = c.case_request_id
         JOIN customer_contact u ON u.id = c.customer_id
         LEFT JOIN staff_name a ON a.id = c.assigned_to_id
         ORDER BY page.position`,
        params, perPage: filter.perPage, page: filter.page,
      });
      return { cases: rows, currentPage, totalPages };
    },

    /** What staff read of a case besides what its customer does: its real state, due day, officer and archive. */
    async work(caseId: string, now: Date) {
      const rows = await db.query<{ status: CaseStatus; late: 'yes' | 'no'; due_date: string | null; assigned_to: StaffPerson | null; archive: Archival | null }>(
        `SELECT c.status, ${lateness('c', '$2')} AS late, ${dueDate('c')} AS due_date, ${staffPerson('a')} AS assigned_to, ${ARCHIVE} AS archive
         FROM customer_case c
         LEFT JOIN staff_name a ON a.id = c.assigned_to_id
         LEFT JOIN archival_category g ON g.id = c.archival_category_id
         LEFT JOIN staff_name ab ON ab.id = c.archived_by_id
         WHERE c.id = $1`,
        [caseId, now],
      );
      return rows[0];
    },

    /** Every move of a case, oldest first (the filing included, which has no actor). */
    history(caseId: string) {
      return db.query<{ action: string; from: string | null; to: string; actor_id: string | null; actor_role: string | null; assigned_to: StaffPerson | null; note: string | null; at: Date }>(
        `SELECT h.action, h.from_status AS "from", h.status AS "to", h.actor_id, h.actor_role, ${staffPerson('a')} AS assigned_to,
           h.note, h.changed_at AS at
         FROM case_history h LEFT JOIN staff_name a ON a.id = h.assigned_to_id
         WHERE h.case_id = $1 ORDER BY h.changed_at, h.id`,
        [caseId],
      );
    },

    /** An active officer of this directorate, or undefined: whom a manager may assign a case to. */
    async officerOf(directorateId: string, staffId: string): Promise<{ id: string } | undefined> {
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM staff_session_state WHERE id = $1 AND role = 'officer' AND status = 'active' AND directorate_id = $2`,
        [staffId, directorateId],
      );
      return rows[0];
    },

    /** A directorate's active officers by name, with how many cases each has under way (ongoing or responded). */
    officers(directorateId: string) {
      return db.query<{ _id: string; firstname: string; middlename: string; lastname: string; openCases: number }>(
        `SELECT n.id AS "_id", n.firstname, n.middlename, n.lastname,
           (SELECT count(*)::int FROM customer_case c WHERE c.assigned_to_id = n.id AND c.status IN ('ongoing', 'responded')) AS "openCases"
         FROM staff_session_state s JOIN staff_name n ON n.id = s.id
         WHERE s.role = 'officer' AND s.status = 'active' AND s.directorate_id = $1
         ORDER BY n.firstname, n.lastname, n.id`,
        [directorateId],
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
             ongoing_date = CASE WHEN $5 = 'take' OR ($5 = 'assign' AND $3 = 'pending') THEN $6 ELSE ongoing_date END,
             assigned_to_id = CASE WHEN $5 = 'take' THEN $7 WHEN $5 = 'assign' THEN $10 ELSE assigned_to_id END,
             rejected_date = CASE WHEN $5 = 'reject' THEN $6 ELSE rejected_date END,
             rejected_by_id = CASE WHEN $5 = 'reject' THEN $7 ELSE rejected_by_id END,
             rejection_justification = CASE WHEN $5 = 'reject' THEN $8 ELSE rejection_justification END,
             responded_by_id = CASE WHEN $5 = 'respond' THEN $7 ELSE responded_by_id END,
             response_justification = CASE WHEN $5 = 'respond' THEN $8 ELSE response_justification END,
             response_attachment = CASE WHEN $5 = 'respond' THEN $9 ELSE response_attachment END,
             verified_date = CASE WHEN $5 = 'approve' THEN $6 ELSE verified_date END,
             verified_by_id = CASE WHEN $5 = 'approve' THEN $7 ELSE verified_by_id END,
             archival_category_id = CASE WHEN $5 = 'archive' THEN $11 ELSE archival_category_id END,
             archived_date = CASE WHEN $5 = 'archive' THEN $6 ELSE archived_date END,
             archived_by_id = CASE WHEN $5 = 'archive' THEN $7 ELSE archived_by_id END
           WHERE id = $1 AND version = $2 AND status = $3
           RETURNING case_number, customer_id`,
          [move.caseId, move.version, move.from, move.to, move.action, move.at, move.actor.id, move.note ?? null, move.letter?.name ?? null,
            move.officer ?? null, move.category ?? null],
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
          `INSERT INTO case_history (case_id, status, changed_at, action, actor_id, actor_role, from_status, note, assigned_to_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [move.caseId, move.to, move.at, move.action, move.actor.id, move.actor.role, move.from, move.note ?? null, move.officer ?? null],
        );
        await recordAudit(tx, {
          actorId: move.actor.id, actorRole: move.actor.role, action: move.action, subjectType: 'case', subjectId: move.caseId,
          caseNumber: moved[0].case_number, at: move.at,
          before: { status: move.from },
          after: { status: move.to, ...moveDetails(move) },
        });
        await afterMove?.(tx, { ...move, caseNumber: moved[0].case_number, customerId: moved[0].customer_id });
        return true;
      });
    },
  };
}
export type CaseworkStore = ReturnType<typeof createCaseworkStore>;

/**
 * What a move set besides the state, for its audit entry: ids, days and codes. Its note (a
 * send-back's reason, a rejection's justification) is free text about a person's case: it
 * stays in the case's history, never in the audit log (issue 23).
 */
function moveDetails(move: CaseMove) {
  return Object.fromEntries(Object.entries({
    [`${move.appointment?.kind}_date`]: move.appointment?.date.toISOString(),
    response_attachment: move.letter?.name,
    assigned_to: move.action === 'take' ? move.actor.id : move.officer,
    archival_category: move.category,
  }).filter(([, value]) => value !== undefined));
}
