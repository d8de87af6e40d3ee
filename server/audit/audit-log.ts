import type { Queryable } from '../db/database.ts';

/** What an audit entry is about. */
export type AuditSubject =
  | 'case'
  | 'accusation'
  | 'division'
  | 'directorate'
  | 'team'
  | 'case_request'
  | 'question'
  | 'staff'
  | 'holiday'
  | 'setting'
  | 'archival_category'
  // Issue 28: a customer's account, closed by them or anonymised by retention (server/privacy).
  | 'account';

/** One staff or admin action: who, what, on what, and the change it made. */
export interface AuditEntry {
  /** The staff user; null for the system (a command-line run, a scheduled job). */
  actorId: string | null;
  actorRole: string;
  /** The product's word for it: take, schedule, respond, approve, save_division … */
  action: string;
  subjectType: AuditSubject;
  subjectId: string;
  /** For case actions: lets the log be filtered by the number people know a case by. */
  caseNumber?: string | null;
  /** The fields the action changed, as they were and as they became (JSON). */
  before?: unknown;
  after?: unknown;
  /** The action's time (the app's clock); defaults to the database's. */
  at?: Date;
}

/**
 * Writes one entry in the caller's transaction, so an action and its entry are stored
 * together or not at all. The log is append-only: migration 013 refuses updates and deletes.
 */
export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query(
    `INSERT INTO audit_entry (at, actor_id, actor_role, action, subject_type, subject_id, case_number, before, after)
     VALUES (COALESCE($1::timestamptz, now()), $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb)`,
    [
      entry.at ?? null,
      entry.actorId,
      entry.actorRole,
      entry.action,
      entry.subjectType,
      entry.subjectId,
      entry.caseNumber ?? null,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}
