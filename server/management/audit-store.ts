import type { Queryable } from '../db/database.ts';
import { pageOf } from '../db/sql.ts';

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
  /** An ISO timestamp. */
  at: string;
  actor_id: string | null;
  actor_name: string;
  actor_role: string;
  action: string;
  subject_type: string;
  subject_id: string;
  subject_name: string | null;
  case_number: string | null;
  before: unknown;
  after: unknown;
}

/** Reads of the audit log; writes go only through audit-log.ts, and the table refuses the rest. */
export function createAuditStore(db: Queryable) {
  return {
    page(filter: AuditFilter) {
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
      // The page is clamped like every list's: past the end shows the last page.
      return pageOf<AuditRow>(db, {
        matching: `SELECT e.id, row_number() OVER (ORDER BY e.at DESC, e.id DESC) AS position FROM audit_entry e WHERE ${where}`,
        shown: `SELECT to_jsonb(shown) - 'position' AS row FROM (
          SELECT e.id::text AS id, e.at, e.actor_id, COALESCE(concat_ws(' ', s.firstname, NULLIF(s.middlename, ''), s.lastname), '') AS actor_name,
            e.actor_role, e.action, e.subject_type, e.subject_id,
            -- The entry keeps ids only (issue 23): whom it is about is named as they are now.
            CASE WHEN e.subject_type = 'staff' THEN concat_ws(' ', subject.firstname, NULLIF(subject.middlename, ''), subject.lastname) END AS subject_name,
            e.case_number, e.before, e.after, page.position
          FROM page JOIN audit_entry e ON e.id = page.id LEFT JOIN staff_name s ON s.id = e.actor_id
            LEFT JOIN staff_name subject ON e.subject_type = 'staff' AND subject.id::text = e.subject_id) shown
          ORDER BY shown.position`,
        params, perPage: AUDIT_PAGE_SIZE, page: filter.page,
      });
    },

    /**
     * The names, as they are now, of the ids the entries hold (staff, divisions, directorates,
     * teams, archival categories): per id, its name in each language the table keeps.
     */
    async namesOf(ids: string[]): Promise<Record<string, Record<string, string>>> {
      if (ids.length === 0) return {};
      const languages = (view: string) => `SELECT id::text AS id, jsonb_build_object('en', name_en, 'am', name_am, 'or', name_or, 'tg', name_tg, 'sm', name_sm, 'af', name_af) AS name
        FROM ${view} WHERE id::text = ANY($1::text[])`;
      const rows = await db.query<{ id: string; name: Record<string, string> }>(
        `${languages('division_name')} UNION ALL ${languages('directorate_name')} UNION ALL ${languages('team_name')}
         UNION ALL SELECT id::text, jsonb_build_object('en', name) FROM archival_category_name WHERE id::text = ANY($1::text[])
         UNION ALL SELECT id::text, jsonb_build_object('en', concat_ws(' ', firstname, NULLIF(middlename, ''), lastname)) FROM staff_name WHERE id::text = ANY($1::text[])`,
        [ids],
      );
      return Object.fromEntries(rows.map((row) => [row.id, row.name]));
    },

    async directorateOf(staffId: string): Promise<string | null> {
      const rows = await db.query<{ directorate_id: string | null }>('SELECT directorate_id FROM staff_session_state WHERE id = $1', [staffId]);
      return rows[0]?.directorate_id ?? null;
    },
  };
}
export type AuditStore = ReturnType<typeof createAuditStore>;
