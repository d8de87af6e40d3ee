import type { Queryable } from '../db/database.ts';

export const AUDIT_PAGE_SIZE = 25;

export interface AuditFilter {
  actorId?: string;
  caseNumber?: string;
  /** YYYY-MM-DD, UTC days, both included. */
  from?: string;
  to?: string;
  /** A manager's view: only the entries of this directorate's cases. */
  directorateId?: string;
  page: number;
}

export interface AuditRow {
  id: string;
  at: Date;
  actor_id: string | null;
  actor_name: string;
  actor_role: string;
  action: string;
  subject_type: string;
  subject_id: string;
  case_number: string | null;
  before: unknown;
  after: unknown;
}

/** Reads of the audit log (issue 16); writes go only through audit-log.ts, and the table refuses the rest. */
export function createAuditStore(db: Queryable) {
  return {
    async page(filter: AuditFilter): Promise<{ rows: AuditRow[]; total: number }> {
      const params = [
        filter.actorId ?? null,
        filter.caseNumber ?? null,
        filter.from ?? null,
        filter.to ?? null,
        filter.directorateId ?? null,
      ];
      const where = `($1::uuid IS NULL OR e.actor_id = $1)
        AND ($2::text IS NULL OR e.case_number = $2)
        AND ($3::date IS NULL OR e.at >= ($3::date)::timestamp AT TIME ZONE 'UTC')
        AND ($4::date IS NULL OR e.at < ($4::date + 1)::timestamp AT TIME ZONE 'UTC')
        AND ($5::uuid IS NULL OR e.case_number IN (SELECT case_number FROM case_progress WHERE directorate_id = $5))`;
      const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_entry e WHERE ${where}`, params);
      const rows = await db.query<AuditRow>(
        `SELECT e.id::text AS id, e.at, e.actor_id, COALESCE(concat_ws(' ', s.firstname, NULLIF(s.middlename, ''), s.lastname), '') AS actor_name,
                e.actor_role, e.action, e.subject_type, e.subject_id, e.case_number, e.before, e.after
         FROM audit_entry e LEFT JOIN staff_name s ON s.id = e.actor_id
         WHERE ${where}
         ORDER BY e.at DESC, e.id DESC LIMIT $6 OFFSET $7`,
        [...params, AUDIT_PAGE_SIZE, (filter.page - 1) * AUDIT_PAGE_SIZE],
      );
      return { rows, total };
    },

    async directorateOf(staffId: string): Promise<string | null> {
      const rows = await db.query<{ directorate_id: string | null }>('SELECT directorate_id FROM staff_session_state WHERE id = $1', [staffId]);
      return rows[0]?.directorate_id ?? null;
    },
  };
}
export type AuditStore = ReturnType<typeof createAuditStore>;
