import type { Database } from '../db/database.ts';
import type { StaffRole } from '../auth/tokens.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { containing, iso, pageOf, sixNames, staffPerson } from '../db/sql.ts';
import { ARCHIVE } from './archive-sql.ts';
import type { ArchivalCategory, ArchivedCase } from '../contract/archive-calls.ts';

/** What the archive's search is asked for. */
export interface ArchiveFilter {
  category?: string;
  caseNumber?: string;
  /** Addis Ababa days, both included. */
  from?: string;
  to?: string;
  page: number;
  perPage: number;
}

const CATEGORY = `SELECT g.id AS "_id", g.name, g.status, ${iso('g.created_at')} AS "createdAt", ${staffPerson('n')} AS created_by
  FROM archival_category g LEFT JOIN staff_name n ON n.id = g.created_by_id`;

/** The archive's reads of filed cases and its categories; filing a case is a case move (server/casework). */
export function createArchiveStore(db: Database) {
  return {
    /** A page of the archive, the last archived first. */
    async archived(filter: ArchiveFilter) {
      const params: unknown[] = [];
      const conditions = [`c.status = 'archived'`];
      const add = (sql: (placeholder: string) => string, value: unknown) => {
        params.push(value);
        conditions.push(sql(`$${params.length}`));
      };
      if (filter.category) add((p) => `c.archival_category_id = ${p}`, filter.category);
      if (filter.caseNumber) add((p) => `c.case_number ILIKE ${p}`, containing(filter.caseNumber));
      // Addis Ababa days: from its midnight (21:00 UTC the day before), to the next day's.
      if (filter.from) add((p) => `c.archived_date >= (${p}::date - interval '3 hours') AT TIME ZONE 'UTC'`, filter.from);
      if (filter.to) add((p) => `c.archived_date < (${p}::date + interval '21 hours') AT TIME ZONE 'UTC'`, filter.to);
      const { rows, currentPage, totalPages } = await pageOf<ArchivedCase>(db, {
        matching: `SELECT c.id, row_number() OVER (ORDER BY c.archived_date DESC, c.case_number DESC) AS position
         FROM customer_case c WHERE ${conditions.join(' AND ')}`,
        shown: `SELECT json_build_object('_id', c.id, 'case_number', c.case_number,
           'verdict', CASE WHEN c.verified_date IS NULL THEN 'rejected' ELSE 'verified' END, 'createdAt', ${iso('c.created_at')},
           'caselist', json_build_object('_id', r.id, ${sixNames('r', 'case_name')}), 'archive', ${ARCHIVE}) AS row
         FROM page JOIN customer_case c ON c.id = page.id
         JOIN case_request r ON r.id = c.case_request_id
         JOIN archival_category g ON g.id = c.archival_category_id
         LEFT JOIN staff_name ab ON ab.id = c.archived_by_id
         ORDER BY page.position`,
        params, perPage: filter.perPage, page: filter.page,
      });
      return { cases: rows, currentPage, totalPages };
    },

    /** Every archival category, by name. */
    categories() {
      return db.query<ArchivalCategory>(`${CATEGORY} ORDER BY lower(g.name), g.id`);
    },

    async category(id: string): Promise<ArchivalCategory | undefined> {
      return (await db.query<ArchivalCategory>(`${CATEGORY} WHERE g.id = $1`, [id]))[0];
    },

    /**
     * Creates a category (no id) or renames or (de)activates one, with its audit entry, in
     * one transaction. undefined: no category has that id; 'nameTaken': another has that name.
     */
    async saveCategory(
      change: { id?: string; name: string; status?: 'active' | 'inactive' },
      actor: { id: string; role: StaffRole },
      at: Date,
    ): Promise<ArchivalCategory | 'nameTaken' | undefined> {
      try {
        return await db.transaction(async (tx) => {
          const before = change.id
            ? (await tx.query<{ name: string; status: string }>('SELECT name, status FROM archival_category WHERE id = $1 FOR UPDATE', [change.id]))[0]
            : undefined;
          if (change.id && !before) return undefined;
          const [{ id }] = change.id
            ? await tx.query<{ id: string }>(
              'UPDATE archival_category SET name = $2, status = COALESCE($3, status) WHERE id = $1 RETURNING id',
              [change.id, change.name, change.status ?? null],
            )
            : await tx.query<{ id: string }>(
              'INSERT INTO archival_category (name, status, created_by_id, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
              [change.name, change.status ?? 'active', actor.id, at],
            );
          const [saved] = await tx.query<ArchivalCategory>(`${CATEGORY} WHERE g.id = $1`, [id]);
          await recordAudit(tx, {
            actorId: actor.id, actorRole: actor.role, action: 'save_archival_category', subjectType: 'archival_category', subjectId: id, at,
            before: before ?? null, after: { name: saved.name, status: saved.status },
          });
          return saved;
        });
      } catch (error) {
        // The unique index on the lower-cased name decides, race-free.
        if ((error as { code?: string }).code === '23505') return 'nameTaken';
        throw error;
      }
    },
  };
}
export type ArchiveStore = ReturnType<typeof createArchiveStore>;
