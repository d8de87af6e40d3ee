import type { Database, Queryable } from '../db/database.ts';
import { API_LANGUAGES } from '../contract/constants.ts';
import type { AdminDirectorate, DirectorateDraft, DivisionDraft, TeamDraft } from '../contract/administration-calls.ts';

const names = (prefix: string) => API_LANGUAGES.map((lang) => `${prefix}_${lang}`);
const NAMES = names('name');
const DESCRIPTIONS = names('description');

/** A division's own fields, as the admin edits them and the audit log keeps them. */
export type DivisionFields = Omit<DivisionDraft, 'id'>;
export type DirectorateFields = Omit<DirectorateDraft, 'id'>;
export type TeamFields = Omit<TeamDraft, 'id'>;

type Table = 'division' | 'directorate' | 'team';
const COLUMNS: Record<Table, string[]> = {
  division: [...NAMES, ...DESCRIPTIONS, 'status', 'special'],
  directorate: ['division_id', ...NAMES, 'status'],
  team: ['directorate_id', ...NAMES, 'status'],
};

/** The organisation's rows as the admin writes them: every change in the caller's transaction. */
export function createDivisionAdminStore(db: Database) {
  /** The row, locked until the transaction ends, so two admins saving at once do not mix their changes. */
  async function locked<T>(tx: Queryable, table: Table, id: string): Promise<T | undefined> {
    const rows = await tx.query<T>(`SELECT ${COLUMNS[table].join(', ')} FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0];
  }

  async function insert(tx: Queryable, table: Table, fields: Record<string, unknown>): Promise<string> {
    const columns = COLUMNS[table];
    const rows = await tx.query<{ id: string }>(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      columns.map((column) => fields[column]),
    );
    return rows[0]!.id;
  }

  async function update(tx: Queryable, table: Table, id: string, fields: Record<string, unknown>): Promise<void> {
    const columns = COLUMNS[table];
    await tx.query(
      `UPDATE ${table} SET ${columns.map((column, i) => `${column} = $${i + 2}`).join(', ')} WHERE id = $1`,
      [id, ...columns.map((column) => fields[column])],
    );
  }

  return {
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => db.transaction(work),
    lockedDivision: (tx: Queryable, id: string) => locked<DivisionFields>(tx, 'division', id),
    lockedDirectorate: (tx: Queryable, id: string) => locked<DirectorateFields>(tx, 'directorate', id),
    lockedTeam: (tx: Queryable, id: string) => locked<TeamFields>(tx, 'team', id),
    insert,
    update,

    /** Every division (inactive too) with its directorates and their teams, in the order they were added. */
    divisions: () =>
      db.query<{ id: string; directorates: AdminDirectorate[] } & DivisionFields>(
        `SELECT d.id, ${COLUMNS.division.map((c) => `d.${c}`).join(', ')},
           coalesce((SELECT json_agg(json_build_object('id', r.id, 'division_id', r.division_id, 'status', r.status,
                       ${NAMES.map((c) => `'${c}', r.${c}`).join(', ')},
                       'teams', coalesce((SELECT json_agg(json_build_object('id', t.id, 'directorate_id', t.directorate_id, 'status', t.status,
                                   ${NAMES.map((c) => `'${c}', t.${c}`).join(', ')}) ORDER BY t.created_at, t.id)
                                 FROM team t WHERE t.directorate_id = r.id), '[]'::json)) ORDER BY r.created_at, r.id)
                     FROM directorate r WHERE r.division_id = d.id), '[]'::json) AS directorates
         FROM division d ORDER BY d.created_at, d.name_en`,
      ),
  };
}
export type DivisionAdminStore = ReturnType<typeof createDivisionAdminStore>;
