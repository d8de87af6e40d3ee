import { recordAudit } from '../audit/audit-log.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { StaffRole } from '../auth/tokens.ts';
import type { StaffAlertKind } from '../contract/staff-calls.ts';

/** Whom an alert tells, and how: whether they take alerts by e-mail, in which language. */
export interface AlertRecipient {
  id: string;
  alert_mail: boolean;
  /** The language they last used the portal in; null before their first sign-in since migration 023. */
  language: string | null;
}

/** One alert to raise: for one person, about one event (`eventKey`: one alert per person and event). */
export interface NewAlert {
  staffId: string;
  kind: StaffAlertKind;
  caseId?: string;
  accusationId?: string;
  eventKey: string;
  payload: AlertPayload;
  at: Date;
}

/** What an alert says besides its kind (stored as it was when raised). */
export interface AlertPayload {
  case_number?: string;
  reference?: string;
  note?: string;
  /** A transfer's receiving directorate, by API language (name_en → en …). */
  directorate?: Record<string, string>;
  due_at?: string;
}

/** What the moves' and the sweep's alerts need to know of a case (cases' public views). */
export interface CaseFacts {
  id: string;
  case_number: string;
  directorate_id: string | null;
  assigned_to_id: string | null;
  responded_by_id: string | null;
  due_at: Date | null;
}

/** An open case near a due-date event, with the events already raised for its due moment. */
export type DueCandidate = CaseFacts & { due_at: Date; raised: string[] };

interface AlertRow {
  id: string;
  kind: StaffAlertKind;
  unread: boolean;
  created_at: Date;
  case_id: string | null;
  accusation_id: string | null;
  payload: AlertPayload;
}

const RECIPIENT = 'id, alert_mail, language';
const ACTIVE = "status = 'active'";
const CASE_FACTS = `SELECT p.id, p.case_number, p.directorate_id, s.assigned_to_id, s.responded_by_id, p.due_at
  FROM case_progress p JOIN case_staffing s ON s.id = p.id`;

/** The staff alerts (migration 023): raised in their events' transactions, read and marked by their owner. */
export function createAlertStore(db: Database) {
  return {
    transaction: db.transaction.bind(db),

    /** Raises an alert unless this person already has it for this event; true when this call made it. */
    async raise(tx: Queryable, alert: NewAlert): Promise<boolean> {
      const rows = await tx.query(
        `INSERT INTO staff_alert (staff_id, kind, case_id, accusation_id, event_key, payload, created_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
         ON CONFLICT (staff_id, event_key) DO NOTHING RETURNING id`,
        [alert.staffId, alert.kind, alert.caseId ?? null, alert.accusationId ?? null, alert.eventKey, JSON.stringify(alert.payload), alert.at],
      );
      return rows.length > 0;
    },

    /** One active staff user, as an alert's recipient. */
    async person(tx: Queryable, id: string): Promise<AlertRecipient[]> {
      return tx.query<AlertRecipient>(`SELECT ${RECIPIENT} FROM staff_user WHERE id = $1 AND ${ACTIVE}`, [id]);
    },

    /** The active staff of a role, of one directorate when given. */
    async ofRole(tx: Queryable, role: StaffRole, directorateId?: string | null): Promise<AlertRecipient[]> {
      if (directorateId === null) return [];
      return tx.query<AlertRecipient>(
        `SELECT ${RECIPIENT} FROM staff_user WHERE role = $1 AND ${ACTIVE} AND ($2::uuid IS NULL OR directorate_id = $2) ORDER BY id`,
        [role, directorateId ?? null],
      );
    },

    async caseFacts(tx: Queryable, caseId: string): Promise<CaseFacts | undefined> {
      return (await tx.query<CaseFacts>(`${CASE_FACTS} WHERE p.id = $1`, [caseId]))[0];
    },

    /** A directorate's name in each language, keyed by the API's language codes. */
    async directorateNames(tx: Queryable, id: string): Promise<Record<string, string>> {
      const [row] = await tx.query<Record<string, string>>(
        'SELECT name_en AS en, name_am AS am, name_or AS "or", name_tg AS tg, name_sm AS sm, name_af AS af FROM directorate_name WHERE id = $1',
        [id],
      );
      return row ?? {};
    },

    /**
     * Open cases whose due moment lies between `from` and `to`, with the events of that moment already raised. A case
     * under review (issue 25) is due at its review's due moment, and falls due like any open case.
     */
    async dueCandidates(from: Date, to: Date): Promise<DueCandidate[]> {
      return db.query<DueCandidate>(
        `SELECT p.id, p.case_number, p.directorate_id, s.assigned_to_id, s.responded_by_id, p.due_at,
           ARRAY(SELECT e.kind FROM case_due_event e WHERE e.case_id = p.id AND e.due_at = p.due_at) AS raised
         FROM case_progress p JOIN case_staffing s ON s.id = p.id
         WHERE p.status IN ('pending', 'ongoing', 'responded', 'under_review') AND p.due_at > $1 AND p.due_at <= $2
         ORDER BY p.due_at, p.id`,
        [from, to],
      );
    },

    /**
     * Whether this transaction may sweep now: one instance at a time (the others skip this
     * round), so two sweeps never wait on each other's events and digests in opposite orders.
     */
    async sweepTurn(tx: Queryable): Promise<boolean> {
      const [row] = await tx.query<{ turn: boolean }>("SELECT pg_try_advisory_xact_lock(hashtext('staff_alert_sweep')) AS turn");
      return row.turn;
    },

    /** Claims a due-date event for this instance's sweep; false when it was raised already (by any instance). */
    async claimDueEvent(tx: Queryable, event: { caseId: string; kind: string; dueAt: Date; at: Date }): Promise<boolean> {
      const rows = await tx.query(
        'INSERT INTO case_due_event (case_id, kind, due_at, raised_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING case_id',
        [event.caseId, event.kind, event.dueAt, event.at],
      );
      return rows.length > 0;
    },

    /** A person's last 50 alerts, newest first. */
    async list(staffId: string): Promise<AlertRow[]> {
      return db.query<AlertRow>(
        `SELECT id, kind, read_at IS NULL AS unread, created_at, case_id, accusation_id, payload
         FROM staff_alert WHERE staff_id = $1 ORDER BY created_at DESC, id DESC LIMIT 50`,
        [staffId],
      );
    },

    async unread(staffId: string): Promise<number> {
      const [row] = await db.query<{ unread: number }>('SELECT count(*)::int AS unread FROM staff_alert WHERE staff_id = $1 AND read_at IS NULL', [staffId]);
      return row.unread;
    },

    /** Marks read those of `ids` that are this person's; anyone else's stay as they are. */
    async markRead(staffId: string, ids: string[], at: Date): Promise<void> {
      await db.query('UPDATE staff_alert SET read_at = $3 WHERE staff_id = $1 AND id = ANY($2::uuid[]) AND read_at IS NULL', [staffId, ids, at]);
    },

    async settings(staffId: string): Promise<{ mail: boolean }> {
      const [row] = await db.query<{ mail: boolean }>('SELECT alert_mail AS mail FROM staff_user WHERE id = $1', [staffId]);
      return row ?? { mail: false };
    },

    /** Saves the e-mail setting and the language to write in, audited under the person's id. */
    async saveSettings(staff: { id: string; role: string }, mail: boolean, language: string, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.query<{ mail: boolean }>('SELECT alert_mail AS mail FROM staff_user WHERE id = $1 FOR UPDATE', [staff.id]);
        await tx.query('UPDATE staff_user SET alert_mail = $2, language = $3 WHERE id = $1', [staff.id, mail, language]);
        await recordAudit(tx, {
          actorId: staff.id, actorRole: staff.role, action: 'save_alert_settings', subjectType: 'staff', subjectId: staff.id,
          before: { mail: before?.mail }, after: { mail }, at,
        });
      });
    },

    /** Who is signed in, for the staff header. */
    async me(staffId: string) {
      const [row] = await db.query<{ id: string; firstname: string; lastname: string; role: StaffRole }>(
        'SELECT id, firstname, lastname, role FROM staff_user WHERE id = $1',
        [staffId],
      );
      return row;
    },
  };
}
export type AlertStore = ReturnType<typeof createAlertStore>;
