import type { Database, Queryable } from '../db/database.ts';
import type { Holiday } from '../contract/administration-calls.ts';

const HOLIDAY_COLUMNS = `id, calendar, month, day, to_char(date, 'YYYY-MM-DD') AS date, name`;
export type HolidayFields = Omit<Holiday, 'id'>;

/** The admin's settings and holidays (migration 017): read fresh on every call, so every instance agrees. */
export function createSettingsStore(db: Database) {
  return {
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => db.transaction(work),

    /** In `q`, a transaction that must not wait for another connection (issue 25: a decision's review window), or the database. */
    holidays: (q: Queryable = db) => q.query<Holiday>(`SELECT ${HOLIDAY_COLUMNS} FROM holiday ORDER BY calendar, month, day, date, name`),
    async lockedHoliday(tx: Queryable, id: string): Promise<Holiday | undefined> {
      return (await tx.query<Holiday>(`SELECT ${HOLIDAY_COLUMNS} FROM holiday WHERE id = $1 FOR UPDATE`, [id]))[0];
    },
    async insertHoliday(tx: Queryable, h: HolidayFields): Promise<Holiday> {
      const rows = await tx.query<Holiday>(
        `INSERT INTO holiday (calendar, month, day, date, name) VALUES ($1, $2, $3, $4::date, $5) RETURNING ${HOLIDAY_COLUMNS}`,
        [h.calendar, h.month, h.day, h.date, h.name],
      );
      return rows[0]!;
    },
    async updateHoliday(tx: Queryable, id: string, h: HolidayFields): Promise<Holiday> {
      const rows = await tx.query<Holiday>(
        `UPDATE holiday SET calendar = $2, month = $3, day = $4, date = $5::date, name = $6 WHERE id = $1 RETURNING ${HOLIDAY_COLUMNS}`,
        [id, h.calendar, h.month, h.day, h.date, h.name],
      );
      return rows[0]!;
    },
    deleteHoliday: (tx: Queryable, id: string) => tx.query('DELETE FROM holiday WHERE id = $1', [id]),

    async setting<T>(key: string): Promise<T | undefined> {
      return (await db.query<{ value: T }>('SELECT value FROM portal_setting WHERE key = $1', [key]))[0]?.value;
    },
    async lockedSetting<T>(tx: Queryable, key: string): Promise<T | undefined> {
      return (await tx.query<{ value: T }>('SELECT value FROM portal_setting WHERE key = $1 FOR UPDATE', [key]))[0]?.value;
    },
    saveSetting: (tx: Queryable, key: string, value: unknown, at: Date) =>
      tx.query(
        `INSERT INTO portal_setting (key, value, updated_at) VALUES ($1, $2::jsonb, $3)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
        [key, JSON.stringify(value), at],
      ),
  };
}
export type SettingsStore = ReturnType<typeof createSettingsStore>;
