import type { Database, Queryable } from '../db/database.ts';
import type { AccusationHistoryEntry, AccusationStatus, ReviewedAccusation, ReviewQueueQuery } from '../contract/accusations.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { containing, iso, pageOf } from '../db/sql.ts';
import { phoneDigits, phoneSearchDigits } from '../phones/phone-number.ts';

/** Accusations on one page of the review queue (and of SPEC's getAccusations). */
const ACCUSATIONS_PER_PAGE = 10;

/** An ethics user as an accusation names them (assignee, author of an action), or NULL. */
export const ethicsUser = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('_id', ${alias}.id, 'firstname', ${alias}.firstname,
     'middlename', ${alias}.middlename, 'lastname', ${alias}.lastname) END`;

/** An accusation as filed, where it stands and who has it; `FROM` joins the assignee's name. */
const COLUMNS = `a.id AS "_id", a.reference, a.name, a.phone, a.subject, a.description, a.accused_organizational_part, a.attachment,
  ${iso('a.created_at')} AS "createdAt", a.status, a.version, ${ethicsUser('s')} AS "assignedTo",
  ${iso('a.review_started_at')} AS "reviewStartedAt", ${iso('a.closed_at')} AS "closedAt"`;
const FROM = 'accusation a LEFT JOIN staff_name s ON s.id = a.assigned_to_id';

/** What an action needs to know of an accusation: where it stands, its version and who has it. */
export interface AccusationAtWork {
  id: string;
  reference: string;
  status: AccusationStatus;
  version: number;
  assigned_to_id: string | null;
}

/** One action, as it is stored: the accusation's new state or assignee, and its history entry. */
export interface AccusationAction {
  accusation: AccusationAtWork;
  action: 'start_review' | 'close' | 'assign';
  to: AccusationStatus;
  actor: { id: string; role: string };
  at: Date;
  /** The outcome, for a close. */
  note?: string;
  /** Who has it afterwards: the chosen ethics user, or for a review started on an unassigned accusation, its starter. */
  assignee: string | null;
}

/**
 * What a typed reference matches (ILIKE, so any case): a number alone is the number part of
 * a reference in any year, as complainants read out the digits (`5` or `000005`, defect 14);
 * anything else is a piece of the reference.
 */
export function referencePattern(typed: string): string {
  return /^\d{1,9}$/.test(typed) ? `%-${typed.padStart(6, '0')}` : containing(typed);
}

/** The ethics users' reads and writes of accusations. */
export function createReviewStore(db: Database) {
  /** Writes the history entry and the audit entry of one action, in the action's transaction. */
  async function remember(
    tx: Queryable,
    entry: { accusationId: string; action: AccusationHistoryEntry['action']; actor: { id: string; role: string }; from: string; to: string; assignee?: string | null; note?: string | null; at: Date },
    audit: { before?: unknown; after?: unknown },
  ) {
    await tx.query(
      `INSERT INTO accusation_history (accusation_id, action, actor_id, actor_role, from_status, to_status, assigned_to_id, note, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [entry.accusationId, entry.action, entry.actor.id, entry.actor.role, entry.from, entry.to, entry.assignee ?? null, entry.note ?? null, entry.at],
    );
    // The audit log says what changed; the words of an outcome or a note stay with the ethics users.
    await recordAudit(tx, {
      actorId: entry.actor.id, actorRole: entry.actor.role, action: entry.action, subjectType: 'accusation',
      subjectId: entry.accusationId, at: entry.at, ...audit,
    });
  }

  return {
    /** A page of accusations, newest first unless asked otherwise, filtered by state, name, phone and reference. */
    async page({ page = 1, sort = -1, name, phone, status, reference }: ReviewQueueQuery) {
      const filters: string[] = [];
      const params: unknown[] = [];
      const filter = (value: string | undefined, condition: (param: string) => string) => {
        if (!value) return;
        params.push(value);
        filters.push(condition(`$${params.length}`));
      };
      filter(name?.trim() && containing(name.trim()), (param) => `a.name ILIKE ${param}`);
      // Looked for in the stored number's digits, whichever form it is typed in (0911…, +251911…); no number matches nothing.
      if (phone?.trim()) filter(containing(phoneSearchDigits(phone) ?? '-'), (param) => `${phoneDigits('a.phone')} LIKE ${param}`);
      filter(status, (param) => `a.status = ${param}`);
      filter(reference?.trim() && referencePattern(reference.trim()), (param) => `a.reference ILIKE ${param}`);
      const where = filters.length ? `WHERE ${filters.join(' AND ')}` : '';
      const direction = sort === 1 ? 'ASC' : 'DESC';
      const { rows, currentPage, totalPages, total } = await pageOf<ReviewedAccusation>(db, {
        matching: `SELECT a.id, row_number() OVER (ORDER BY a.created_at ${direction}, a.reference ${direction}) AS position FROM accusation a ${where}`,
        shown: `SELECT to_jsonb(shown) - 'position' AS row FROM (
          SELECT ${COLUMNS}, page.position FROM page JOIN ${FROM} ON a.id = page.id) shown ORDER BY shown.position`,
        params, perPage: ACCUSATIONS_PER_PAGE, page,
      });
      return { accusations: rows, currentPage, totalPages, total };
    },

    async byId(id: string): Promise<ReviewedAccusation | undefined> {
      return (await db.query<ReviewedAccusation>(`SELECT ${COLUMNS} FROM ${FROM} WHERE a.id = $1`, [id]))[0];
    },

    async atWork(id: string): Promise<AccusationAtWork | undefined> {
      const rows = await db.query<AccusationAtWork>('SELECT id, reference, status, version, assigned_to_id FROM accusation WHERE id = $1', [id]);
      return rows[0];
    },

    /**
     * Moves or assigns the accusation and records it, in one transaction; false (and nothing
     * written) when the accusation is no longer at the version and state the action read.
     */
    async act({ accusation, action, to, actor, at, note, assignee }: AccusationAction): Promise<boolean> {
      return db.transaction(async (tx) => {
        const changed = await tx.query(
          `UPDATE accusation SET
             status = $4, version = version + 1, assigned_to_id = $5,
             review_started_at = CASE WHEN $6 = 'start_review' THEN $7 ELSE review_started_at END,
             closed_at = CASE WHEN $6 = 'close' THEN $7 ELSE closed_at END,
             outcome = CASE WHEN $6 = 'close' THEN $8 ELSE outcome END
           WHERE id = $1 AND version = $2 AND status = $3
           RETURNING id`,
          [accusation.id, accusation.version, accusation.status, to, assignee, action, at, note ?? null],
        );
        if (changed.length === 0) return false;
        await remember(
          tx,
          { accusationId: accusation.id, action, actor, from: accusation.status, to, assignee: action === 'assign' ? assignee : null, note, at },
          {
            before: { status: accusation.status, assignedTo: accusation.assigned_to_id },
            after: { status: to, assignedTo: assignee },
          },
        );
        return true;
      });
    },

    /** Adds an internal note, in whatever state the accusation is; it changes nothing else. */
    async addNote(accusationId: string, note: string, actor: { id: string; role: string }, at: Date): Promise<AccusationAtWork | undefined> {
      return db.transaction(async (tx) => {
        // Locked, so the entry names the state the accusation was in when the note was written.
        const [current] = await tx.query<AccusationAtWork>(
          'SELECT id, reference, status, version, assigned_to_id FROM accusation WHERE id = $1 FOR UPDATE',
          [accusationId],
        );
        if (!current) return undefined;
        await remember(tx, { accusationId, action: 'note', actor, from: current.status, to: current.status, note, at }, { after: { note: 'added' } });
        return current;
      });
    },

    /** Every action on an accusation, oldest first, with the names of who acted and to whom it was given. */
    history(accusationId: string) {
      return db.query<AccusationHistoryEntry>(
        `SELECT h.action, h.from_status AS "from", h.to_status AS "to",
                CASE WHEN b.id IS NULL THEN NULL ELSE json_build_object('_id', b.id, 'firstname', b.firstname,
                  'middlename', b.middlename, 'lastname', b.lastname, 'role', h.actor_role) END AS "by",
                ${ethicsUser('t')} AS "assignedTo", h.note, ${iso('h.at')} AS "at"
         FROM accusation_history h
         LEFT JOIN staff_name b ON b.id = h.actor_id
         LEFT JOIN staff_name t ON t.id = h.assigned_to_id
         WHERE h.accusation_id = $1 ORDER BY h.at, h.id`,
        [accusationId],
      );
    },

    async outcome(accusationId: string): Promise<string | null> {
      return (await db.query<{ outcome: string | null }>('SELECT outcome FROM accusation WHERE id = $1', [accusationId]))[0]?.outcome ?? null;
    },

    /** Whether a staff user is an active ethics user (the only people an accusation can be given to). */
    async isActiveEthicsUser(staffId: string): Promise<boolean> {
      const rows = await db.query(`SELECT 1 FROM staff_session_state WHERE id = $1 AND role = 'accusation_acceptor' AND status = 'active'`, [staffId]);
      return rows.length > 0;
    },

    /** The active ethics users, each with how many accusations not yet closed they have. */
    ethicsUsers() {
      return db.query<{ _id: string; firstname: string; middlename: string; lastname: string; open: number }>(
        `SELECT n.id AS "_id", n.firstname, n.middlename, n.lastname,
                (SELECT count(*) FROM accusation a WHERE a.assigned_to_id = n.id AND a.status <> 'closed')::integer AS open
         FROM staff_name n JOIN staff_session_state s ON s.id = n.id
         WHERE s.role = 'accusation_acceptor' AND s.status = 'active'
         ORDER BY n.firstname, n.lastname, n.id`,
      );
    },

    /** Where an accusation stands, by its reference: its state and dates, nothing filed. */
    async statusByReference(reference: string) {
      const rows = await db.query<{ reference: string; status: AccusationStatus; createdAt: string; closedAt: string | null }>(
        `SELECT reference, status, ${iso('created_at')} AS "createdAt", ${iso('closed_at')} AS "closedAt" FROM accusation WHERE reference = $1`,
        [reference],
      );
      return rows[0];
    },
  };
}
export type ReviewStore = ReturnType<typeof createReviewStore>;
