import type { Queryable } from '../db/database.ts';
import { containing, pageOf } from '../db/sql.ts';

export const AUDIT_PAGE_SIZE = 25;

/** The reference data named in six languages (name_en … name_af). */
const MULTILINGUAL = ['division_name', 'directorate_name', 'team_name'];

export interface AuditFilter {
  actorId?: string;
  caseNumber?: string;
  /** What the entries are about: a whole case number or accusation reference, or a piece of a name. */
  subject?: { exactly: string } | { containing: string };
  subjectType?: string;
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
        filter.subject && 'exactly' in filter.subject ? filter.subject.exactly : null,
        filter.subject && 'containing' in filter.subject ? containing(filter.subject.containing) : null,
        filter.subjectType ?? null,
      ];
      const where = `($1::uuid IS NULL OR e.actor_id = $1)
        AND ($2::text IS NULL OR e.case_number = $2)
        AND ($3::date IS NULL OR e.at >= ($3::date)::timestamp AT TIME ZONE 'UTC')
        AND ($4::date IS NULL OR e.at < ($4::date + 1)::timestamp AT TIME ZONE 'UTC')
        AND ($5::uuid IS NULL OR e.case_number IN (SELECT case_number FROM case_progress WHERE directorate_id = $5))
        AND ($6::text IS NULL OR upper(e.case_number) = upper($6)
          OR (e.subject_type = 'accusation' AND e.subject_id IN (SELECT id::text FROM accusation_reference WHERE upper(reference) = upper($6))))
        AND ($7::text IS NULL OR e.case_number ILIKE $7 OR e.subject_id IN (SELECT id FROM subject_named WHERE name ILIKE $7))
        AND ($8::text IS NULL OR e.subject_type = $8)`;
      // Every name a subject goes by, in every language: a search matches any of them.
      const subjectNamed = `subject_named AS (
        ${[...MULTILINGUAL, 'case_request_name', 'question_name'].map((view) => `SELECT id::text AS id, unnest(ARRAY[name_en, name_am, name_or, name_tg, name_sm, name_af]) AS name FROM ${view}`).join(' UNION ALL ')}
        UNION ALL SELECT id::text, name FROM archival_category_name UNION ALL SELECT id::text, name FROM holiday_name
        UNION ALL SELECT id::text, reference FROM accusation_reference
        UNION ALL SELECT id::text, concat_ws(' ', firstname, NULLIF(middlename, ''), lastname) FROM staff_name)`;
      // The page is clamped like every list's: past the end shows the last page.
      return pageOf<AuditRow>(db, {
        matching: `WITH ${subjectNamed} SELECT e.id, row_number() OVER (ORDER BY e.at DESC, e.id DESC) AS position FROM audit_entry e WHERE ${where}`,
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
     * The names, as they are now, of the ids the entries are about and hold (staff, divisions,
     * directorates, teams, case requests, questions, archival categories, holidays, accusations
     * by reference): per id, its name in each language the table keeps, one query per page.
     */
    async namesOf(ids: string[]): Promise<Record<string, Record<string, string>>> {
      if (ids.length === 0) return {};
      const languages = (view: string) => `SELECT id::text AS id, jsonb_build_object('en', name_en, 'am', name_am, 'or', name_or, 'tg', name_tg, 'sm', name_sm, 'af', name_af) AS name
        FROM ${view} WHERE id::text = ANY($1::text[])`;
      const rows = await db.query<{ id: string; name: Record<string, string> }>(
        `${[...MULTILINGUAL, 'case_request_name', 'question_name'].map(languages).join(' UNION ALL ')}
         UNION ALL SELECT id::text, jsonb_build_object('en', name) FROM archival_category_name WHERE id::text = ANY($1::text[])
         UNION ALL SELECT id::text, jsonb_build_object('en', name) FROM holiday_name WHERE id::text = ANY($1::text[])
         UNION ALL SELECT id::text, jsonb_build_object('en', reference) FROM accusation_reference WHERE id::text = ANY($1::text[])
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
