import type { AlsoInTransaction, Database, Queryable } from '../db/database.ts';
import type { StaffRole } from '../auth/tokens.ts';
import type { CaseAction, CaseStatus } from './case-states.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { iso, sixNames, staffPerson } from '../db/sql.ts';
import { ARCHIVE } from '../archive/archive-sql.ts';
import { dueDate, lateness } from '../cases/state-sql.ts';
import type { CustomerOtherCase, DirectorateTransfer, StaffPerson } from '../contract/casework-calls.ts';
import { directorateNames } from './directorate-sql.ts';
import { ELIGIBLE_REVIEWER } from './case-review-sql.ts';
import type { Archival } from '../contract/archive-calls.ts';

/** What a staff action needs to know of a case: where it stands, its version, whose queue it is in. */
export interface CaseAtWork {
  id: string;
  status: string;
  version: number;
  case_number: string;
  /** The case's own directorate (null: its division had no active one when it was filed). */
  directorate_id: string | null;
  assigned_to_id: string | null;
  /** Who wrote its response (the last to respond), if anyone has. */
  responded_by_id: string | null;
  /** Whether an active manager of its directorate other than that writer is there to approve the response. */
  another_manager: boolean;
  /** Where and when it was filed in the archive (null until then): a refiling's rules read them. */
  archival_category_id: string | null;
  archived_date: Date | null;
  /** Until when a review of its decision may be asked for (issue 25, migration 034); null when none may. */
  review_until: Date | null;
  /** Under review with no manager of its directorate free of the decision: an admin's to read and decide (issue 25). */
  review_for_admin: boolean;
}

/** The case's directorate: its own, set at filing (server/cases/routing-sql.ts) and changed only by a transfer. */
export const DIRECTORATE_OF_CASE = 'c.directorate_id';

/**
 * Four eyes: whether an active manager of the case's directorate, other than the one who wrote
 * its response, is there to approve it. When none is, an admin approves that case.
 */
export const ANOTHER_MANAGER = `EXISTS (SELECT 1 FROM staff_session_state m
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
  /** A refiling's category before it, for the audit entry. */
  fromCategory?: string | null;
  /** A transfer's new directorate (an id): whose managers are alerted (server/staff-alerts). */
  directorate?: string;
  /** A transfer's directorate before it, for the history and the audit entry. */
  fromDirectorate?: string | null;
  /**
   * A response: its letter (a stored file's name), the claim of that file, in the move's
   * transaction, and whether the server wrote it (only such a letter is written again at approval).
   */
  letter?: { name: string; claim: AlsoInTransaction; generated?: boolean };
  /**
   * An approval's letter number (issue 25), taken in the move's transaction at its moment, with
   * the letter written again with that number when the server wrote the draft.
   */
  numberLetter?: (tx: Queryable, at: Date) => Promise<NumberedLetter>;
  /** What else the move stores in its transaction (issue 25: a request for information, or its closing); a throw undoes the move. */
  alsoInTransaction?: AlsoInTransaction;
}

/** What an approval gives the response letter: its number, and the final file replacing a generated draft. */
export interface NumberedLetter {
  letterNumber: string;
  letter?: { name: string; claim: AlsoInTransaction };
}

/** What the response letter says of its case, its customer and its officer (response-letter.ts). */
export interface LetterFacts {
  case_number: string;
  justification: string | null;
  /** The letter's stored file, and whether the server wrote it. */
  attachment: string | null;
  generated: boolean;
  /** The customer's language (the API's suffix), their name and address. */
  language: string;
  customer_name: string;
  subcity: string;
  woreda: string;
  house_number: string;
  /** The case request's six names, by `case_name_<suffix>`. */
  subject: Record<string, string>;
  officer_name: string | null;
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
           c.responded_by_id, ${ANOTHER_MANAGER} AS another_manager, c.archival_category_id, c.archived_date,
           c.review_until, c.status = 'under_review' AND NOT ${ELIGIBLE_REVIEWER('c')} AS review_for_admin
         FROM customer_case c
         WHERE c.id = $1`,
        [caseId],
      );
      return rows[0];
    },

    /** What staff read of a case besides what its customer does: its real state, due day, officer and archive. */
    async work(caseId: string, now: Date) {
      const rows = await db.query<{
        status: CaseStatus; late: 'yes' | 'no'; due_date: string | null; assigned_to: StaffPerson | null; archive: Archival | null;
        directorate: DirectorateTransfer['to'] | null;
      }>(
        `SELECT c.status, ${lateness('c', '$2')} AS late, ${dueDate('c')} AS due_date, ${staffPerson('a')} AS assigned_to, ${ARCHIVE} AS archive,
           ${directorateNames('dn')} AS directorate
         FROM customer_case c
         LEFT JOIN directorate_name dn ON dn.id = c.directorate_id
         LEFT JOIN staff_name a ON a.id = c.assigned_to_id
         LEFT JOIN archival_category g ON g.id = c.archival_category_id
         LEFT JOIN staff_name ab ON ab.id = c.archived_by_id
         WHERE c.id = $1`,
        [caseId, now],
      );
      return rows[0];
    },

    /** Every move and note of a case, oldest first, with the name of who acted (none for the filing, which is the system's). */
    history(caseId: string) {
      return db.query<{
        action: string; from: string | null; to: string; actor_id: string | null; actor_role: string | null; actor_name: string | null;
        assigned_to: StaffPerson | null; note: string | null; at: Date; transfer: DirectorateTransfer | null;
      }>(
        `SELECT h.action, h.from_status AS "from", h.status AS "to", h.actor_id, h.actor_role,
           CASE WHEN s.id IS NULL THEN NULL ELSE concat_ws(' ', s.firstname, NULLIF(s.middlename, ''), s.lastname) END AS actor_name,
           ${staffPerson('a')} AS assigned_to, h.note, h.changed_at AS at,
           CASE WHEN h.action = 'transfer' THEN json_build_object('from', ${directorateNames('fd')}, 'to', ${directorateNames('td')}) END AS transfer
         FROM case_history h LEFT JOIN staff_name a ON a.id = h.assigned_to_id LEFT JOIN staff_name s ON s.id = h.actor_id
         LEFT JOIN directorate_name fd ON fd.id = h.from_directorate_id LEFT JOIN directorate_name td ON td.id = h.to_directorate_id
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

    /** The response as its officer last wrote it (the staff's printout shows it), or null before any. */
    async responseOf(caseId: string): Promise<string | null> {
      const rows = await db.query<{ response_justification: string | null }>('SELECT response_justification FROM customer_case WHERE id = $1', [caseId]);
      return rows[0]?.response_justification ?? null;
    },

    /** What the case's response letter says besides its text (response-letter.ts); `officerId` writes it. */
    async letterFacts(caseId: string, officerId: string): Promise<LetterFacts | undefined> {
      const [facts] = await db.query<LetterFacts>(
        `SELECT c.case_number, c.response_justification AS justification, c.response_attachment AS attachment,
           c.response_letter_generated AS generated, n.language,
           concat_ws(' ', nullif(u.firstname, ''), nullif(u.middlename, ''), nullif(u.lastname, '')) AS customer_name,
           u.subcity, u.woreda, u.house_number, json_build_object(${sixNames('r', 'case_name')}) AS subject,
           concat_ws(' ', nullif(o.firstname, ''), nullif(o.middlename, ''), nullif(o.lastname, '')) AS officer_name
         FROM customer_case c
         JOIN customer_contact u ON u.id = c.customer_id
         JOIN customer_notice_address n ON n.id = c.customer_id
         JOIN case_request r ON r.id = c.case_request_id
         LEFT JOIN staff_name o ON o.id = $2
         WHERE c.id = $1`,
        [caseId, officerId],
      );
      return facts;
    },

    /**
     * The case customer's language (the API's suffix), and the case request's response letter
     * template in it ('' when none).
     */
    async letterTemplate(caseId: string): Promise<{ text: string; language: string }> {
      const [row] = await db.query<{ templates: Record<string, string>; language: string }>(
        `SELECT json_build_object(${sixNames('r', 'letter_template')}) AS templates, n.language
         FROM customer_case c
         JOIN case_request r ON r.id = c.case_request_id
         JOIN customer_notice_address n ON n.id = c.customer_id
         WHERE c.id = $1`,
        [caseId],
      );
      return { text: row?.templates[`letter_template_${row.language}`] ?? '', language: row?.language ?? 'am' };
    },

    /** A staff user's full name, as a letter is signed. */
    async staffName(staffId: string): Promise<string> {
      const [row] = await db.query<{ name: string }>(
        "SELECT concat_ws(' ', nullif(firstname, ''), nullif(middlename, ''), nullif(lastname, '')) AS name FROM staff_name WHERE id = $1",
        [staffId],
      );
      return row?.name ?? '';
    },

    /** Whether the case has an appointment to extend. */
    async hasAppointment(caseId: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM case_schedule WHERE case_id = $1 AND scheduled_date IS NOT NULL', [caseId]);
      return rows.length > 0;
    },

    /** Whether a case may be transferred to this directorate: one that exists and is active, of any division. */
    async isActiveDirectorate(directorateId: string): Promise<boolean> {
      const rows = await db.query("SELECT 1 FROM directorate_placement WHERE id = $1 AND status = 'active'", [directorateId]);
      return rows.length > 0;
    },

    /**
     * The other cases of this case's customer, newest first (at most 20), each with whether the
     * reader may open it: a closed one for the archive's roles (`closed`), else one of their directorate.
     */
    customerCases(caseId: string, reader: { closed: readonly string[] } | { directorateId: string | null }) {
      return db.query<CustomerOtherCase>(
        `SELECT o.id AS "_id", o.case_number, json_build_object('_id', r.id, ${sixNames('r', 'case_name')}) AS caselist, o.status,
           ${iso('o.created_at')} AS "createdAt",
           COALESCE(CASE WHEN $2::text[] IS NULL THEN o.directorate_id = $3::uuid ELSE o.status = ANY($2::text[]) END, false) AS open
         FROM customer_case c
         JOIN customer_case o ON o.customer_id = c.customer_id AND o.id <> c.id
         JOIN case_request r ON r.id = o.case_request_id
         WHERE c.id = $1
         ORDER BY o.created_at DESC, o.case_number DESC LIMIT 20`,
        [caseId, 'closed' in reader ? reader.closed : null, 'directorateId' in reader ? reader.directorateId : null],
      );
    },

    /**
     * An internal note, as a history entry in the state the case is in (locked, so the entry
     * names that state), and its audit entry, which says a note was added but keeps not its
     * words: they are about a person's case (issue 23). Nothing of the case itself changes,
     * its version neither, and no notice is queued. False when the case is gone.
     */
    async addNote(note: { caseId: string; text: string; actor: { id: string; role: StaffRole }; at: Date }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [current] = await tx.query<{ status: string; case_number: string }>(
          'SELECT status, case_number FROM customer_case WHERE id = $1 FOR UPDATE',
          [note.caseId],
        );
        if (!current) return false;
        await tx.query(
          `INSERT INTO case_history (case_id, status, changed_at, action, actor_id, actor_role, from_status, note)
           VALUES ($1, $2, $3, 'note', $4, $5, $2, $6)`,
          [note.caseId, current.status, note.at, note.actor.id, note.actor.role, note.text],
        );
        await recordAudit(tx, {
          actorId: note.actor.id, actorRole: note.actor.role, action: 'note', subjectType: 'case', subjectId: note.caseId,
          caseNumber: current.case_number, at: note.at, after: { note: 'added' },
        });
        return true;
      });
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
             assigned_to_id = CASE WHEN $5 = 'take' THEN $7 WHEN $5 = 'assign' THEN $10 WHEN $5 = 'transfer' THEN NULL ELSE assigned_to_id END,
             directorate_id = CASE WHEN $5 = 'transfer' THEN $12 ELSE directorate_id END,
             rejected_date = CASE WHEN $5 IN ('reject', 'close_unanswered') THEN $6 ELSE rejected_date END,
             rejected_by_id = CASE WHEN $5 IN ('reject', 'close_unanswered') THEN $7 ELSE rejected_by_id END,
             rejection_justification = CASE WHEN $5 IN ('reject', 'close_unanswered') THEN $8 ELSE rejection_justification END,
             responded_by_id = CASE WHEN $5 = 'respond' THEN $7 ELSE responded_by_id END,
             response_justification = CASE WHEN $5 = 'respond' THEN $8 ELSE response_justification END,
             response_attachment = CASE WHEN $5 = 'respond' THEN $9 ELSE response_attachment END,
             response_letter_generated = CASE WHEN $5 = 'respond' THEN $13 ELSE response_letter_generated END,
             response_letter_number = CASE WHEN $5 = 'respond' THEN NULL ELSE response_letter_number END,
             verified_date = CASE WHEN $5 = 'approve' THEN $6 ELSE verified_date END,
             verified_by_id = CASE WHEN $5 = 'approve' THEN $7 ELSE verified_by_id END,
             archival_category_id = CASE WHEN $5 IN ('archive', 'refile') THEN $11 ELSE archival_category_id END,
             archived_date = CASE WHEN $5 = 'archive' THEN $6 ELSE archived_date END,
             archived_by_id = CASE WHEN $5 = 'archive' THEN $7 ELSE archived_by_id END
           WHERE id = $1 AND version = $2 AND status = $3
           RETURNING case_number, customer_id`,
          [move.caseId, move.version, move.from, move.to, move.action, move.at, move.actor.id, move.note ?? null, move.letter?.name ?? null,
            move.officer ?? null, move.category ?? null, move.directorate ?? null, move.letter?.generated ?? false],
        );
        if (moved.length === 0) return false;
        await move.alsoInTransaction?.(tx);
        await move.letter?.claim(tx);
        const numbered = await move.numberLetter?.(tx, move.at);
        if (numbered) {
          await numbered.letter?.claim(tx);
          await tx.query(
            'UPDATE customer_case SET response_letter_number = $2, response_attachment = coalesce($3, response_attachment) WHERE id = $1',
            [move.caseId, numbered.letterNumber, numbered.letter?.name ?? null],
          );
        }
        if (move.appointment) {
          const [dateColumn, byColumn] = move.appointment.kind === 'scheduled' ? ['scheduled_date', 'scheduled_by_id'] : ['extended_date', 'extended_by_id'];
          await tx.query(`INSERT INTO case_schedule (case_id, ${dateColumn}, ${byColumn}, created_at) VALUES ($1, $2, $3, $4)`, [
            move.caseId, move.appointment.date, move.actor.id, move.at,
          ]);
        }
        await tx.query(
          `INSERT INTO case_history (case_id, status, changed_at, action, actor_id, actor_role, from_status, note, assigned_to_id,
             from_directorate_id, to_directorate_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [move.caseId, move.to, move.at, move.action, move.actor.id, move.actor.role, move.from, move.note ?? null, move.officer ?? null,
            move.fromDirectorate ?? null, move.directorate ?? null],
        );
        await recordAudit(tx, {
          actorId: move.actor.id, actorRole: move.actor.role, action: move.action, subjectType: 'case', subjectId: move.caseId,
          caseNumber: moved[0].case_number, at: move.at,
          before: {
            status: move.from,
            ...(move.directorate ? { directorate: move.fromDirectorate ?? null } : {}),
            ...(move.action === 'refile' ? { archival_category: move.fromCategory ?? null } : {}),
          },
          after: { status: move.to, ...moveDetails(move, numbered) },
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
function moveDetails(move: CaseMove, numbered: NumberedLetter | undefined) {
  return Object.fromEntries(Object.entries({
    [`${move.appointment?.kind}_date`]: move.appointment?.date.toISOString(),
    response_attachment: move.letter?.name ?? numbered?.letter?.name,
    letter_number: numbered?.letterNumber,
    assigned_to: move.action === 'take' ? move.actor.id : move.officer,
    archival_category: move.category,
    directorate: move.directorate,
  }).filter(([, value]) => value !== undefined));
}
