import type { Queryable } from '../db/database.ts';
import { DEFAULT_TARGET_WORKING_DAYS, dueDay, lateFrom } from '../casework/due-dates.ts';
import { ETHIOPIAN_HOLIDAYS, type Holidays } from '../casework/holidays.ts';

/** Where the holidays come from: today the list in server/casework/holidays.ts. */
export type HolidaySource = () => Promise<Holidays>;
const builtInHolidays: HolidaySource = async () => ETHIOPIAN_HOLIDAYS;

/**
 * When cases fall due (issue 15): set once, at filing, from the case request's target in
 * working days, and stored, so lateness is a comparison every instance makes alike on read.
 */
export function createDueDates(db: Queryable, holidays: HolidaySource = builtInHolidays) {
  return {
    /** The moment a case of this case request filed at `filedAt` becomes late. */
    async dueAt(caseRequestId: string, filedAt: Date): Promise<Date> {
      const rows = await db.query<{ target_working_days: number }>('SELECT target_working_days FROM case_request WHERE id = $1', [caseRequestId]);
      return lateFrom(dueDay(filedAt, rows[0]?.target_working_days ?? DEFAULT_TARGET_WORKING_DAYS, await holidays()));
    },

    /**
     * Sets the due moment of every case that has none: those filed before migration 014 and
     * the demo's. Run at every start; idempotent, so instances starting together agree.
     */
    async fillMissing(): Promise<number> {
      const missing = await db.query<{ id: string; created_at: Date; target_working_days: number }>(
        `SELECT c.id, c.created_at, r.target_working_days
         FROM customer_case c JOIN case_request r ON r.id = c.case_request_id WHERE c.due_at IS NULL`,
      );
      if (missing.length === 0) return 0;
      const calendar = await holidays();
      const dues = missing.map((row) => lateFrom(dueDay(new Date(row.created_at), row.target_working_days, calendar)).toISOString());
      await db.query(
        `UPDATE customer_case c SET due_at = t.due_at
         FROM unnest($1::uuid[], $2::timestamptz[]) AS t (id, due_at) WHERE c.id = t.id AND c.due_at IS NULL`,
        [missing.map((row) => row.id), dues],
      );
      return missing.length;
    },
  };
}
export type DueDates = ReturnType<typeof createDueDates>;
