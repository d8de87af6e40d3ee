import type { Queryable } from '../db/database.ts';
import type { Directorate, Division, Team } from '../contract/divisions.ts';

const NAME_COLUMNS = 'name_en, name_am, name_or, name_tg, name_sm, name_af';
const DIVISION_COLUMNS = `id AS "_id", ${NAME_COLUMNS},
  description_en, description_am, description_or, description_tg, description_sm, description_af,
  status, special`;

export function createDivisionStore(db: Queryable) {
  return {
    allDivisions: () =>
      db.query<Division>(`SELECT ${DIVISION_COLUMNS} FROM division ORDER BY created_at, name_en`),

    async divisionById(id: string): Promise<Division | undefined> {
      const rows = await db.query<Division>(`SELECT ${DIVISION_COLUMNS} FROM division WHERE id = $1`, [id]);
      return rows[0];
    },

    allDirectorates: () =>
      db.query<Directorate>(
        `SELECT id AS "_id", ${NAME_COLUMNS}, status, json_build_object('_id', division_id) AS division
         FROM directorate ORDER BY created_at, name_en`,
      ),

    allTeams: () =>
      db.query<Team>(
        `SELECT id AS "_id", ${NAME_COLUMNS}, status, json_build_object('_id', directorate_id) AS directorate
         FROM team ORDER BY created_at, name_en`,
      ),
  };
}
export type DivisionStore = ReturnType<typeof createDivisionStore>;
