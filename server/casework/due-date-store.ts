import type { Queryable } from '../db/database.ts';
import { DEFAULT_TARGET_WORKING_DAYS, dueDay, lateFrom } from './due-dates.ts';
import { ETHIOPIAN_HOLIDAYS, type Holidays } from './holidays.ts';

/** Where the holidays come from: the admin's holiday table (app.ts passes administration's calendar); the built-in list when none is given. */
export type HolidaySource = () => Promise<Holidays>;
const builtInHolidays: HolidaySource = async () => ETHIOPIAN_HOLIDAYS;
/** The Addis Ababa day (UTC+3 all year) a case `c` was filed on, as YYYY-MM-DD. */
const FILING_DAY = `to_char(c.created_at AT TIME ZONE 'UTC' + interval '3 hours', 'YYYY-MM-DD')`;

/**
 * When cases fall due: set once, at filing, from the case request's target in
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
     * the demo's. Run at every start; idempotent, so instances starting together agree. Cases
     * filed on one Addis Ababa day under one target share a due day, so it is worked out once
     * per such pair (a few thousand for a million cases) and set in one statement.
     */
    async fillMissing(): Promise<void> {
      const pairs = await db.query<{ day: string; target: number }>(
        `SELECT DISTINCT ${FILING_DAY} AS day, r.target_working_days AS target
         FROM customer_case c JOIN case_request r ON r.id = c.case_request_id WHERE c.due_at IS NULL`,
      );
      if (pairs.length === 0) return;
      const calendar = await holidays();
      const dues = pairs.map(({ day, target }) => lateFrom(dueDay(new Date(`${day}T12:00:00+03:00`), target, calendar)).toISOString());
      await db.query(
        `UPDATE customer_case c SET due_at = t.due_at
         FROM case_request r, unnest($1::text[], $2::int[], $3::timestamptz[]) AS t (day, target, due_at)
         WHERE c.due_at IS NULL AND r.id = c.case_request_id AND r.target_working_days = t.target AND ${FILING_DAY} = t.day`,
        [pairs.map((pair) => pair.day), pairs.map((pair) => pair.target), dues],
      );
    },
  };
}
export type DueDates = ReturnType<typeof createDueDates>;
