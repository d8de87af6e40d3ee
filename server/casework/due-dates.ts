import { ETHIOPIAN_HOLIDAYS, type Holidays } from './holidays.ts';

/**
 * When a case is due, and whether it is late. Days are counted in Addis Ababa,
 * wherever the server's clock is set, so every instance gives every case the same due
 * date; `now` comes from the app's clock, so tests move time instead of waiting.
 */

/** A case request's target when nobody set one: ten working days. */
export const DEFAULT_TARGET_WORKING_DAYS = 10;

const TIME_ZONE = 'Africa/Addis_Ababa';
const gregorianDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const ethiopianDay = new Intl.DateTimeFormat('en-u-ca-ethiopic', { timeZone: TIME_ZONE, month: 'numeric', day: 'numeric' });
const DAY_MS = 86_400_000;

/** The Addis Ababa date of a moment, as YYYY-MM-DD. */
export function addisDay(moment: Date): string {
  return gregorianDay.format(moment);
}

/** Noon in Addis Ababa on a YYYY-MM-DD day: a moment safely inside that day, to step from. */
const noonOf = (day: string) => new Date(`${day}T12:00:00+03:00`);

function isHoliday(noon: Date, holidays: Holidays): boolean {
  const day = addisDay(noon);
  const [, month, date] = day.split('-').map(Number);
  const parts = ethiopianDay.formatToParts(noon);
  const ethiopian = [Number(parts.find((p) => p.type === 'month')?.value), Number(parts.find((p) => p.type === 'day')?.value)];
  return (
    holidays.dated.includes(day) ||
    holidays.gregorian.some(([m, d]) => m === month && d === date) ||
    holidays.ethiopian.some(([m, d]) => m === ethiopian[0] && d === ethiopian[1])
  );
}

/** Monday to Friday, not a public holiday. */
export function isWorkingDay(day: string, holidays: Holidays = ETHIOPIAN_HOLIDAYS): boolean {
  const noon = noonOf(day);
  // Noon in Addis Ababa is 09:00 UTC: the UTC weekday is the local one.
  const weekday = noon.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(noon, holidays);
}

/**
 * The day a case is due: the target's last working day, counting from the day after it
 * was filed (a case filed on Friday evening with a target of 1 is due on Monday).
 */
export function dueDay(filedAt: Date, targetWorkingDays = DEFAULT_TARGET_WORKING_DAYS, holidays: Holidays = ETHIOPIAN_HOLIDAYS): string {
  let noon = noonOf(addisDay(filedAt));
  for (let counted = 0; counted < targetWorkingDays; ) {
    noon = new Date(noon.getTime() + DAY_MS);
    if (isWorkingDay(addisDay(noon), holidays)) counted += 1;
  }
  return addisDay(noon);
}

/**
 * Working days from the day after `from` to the day of `to`, both in Addis Ababa: none when
 * both fall on one day, one from a Friday to the Monday after. The days to answer a case
 * (server/management/workload.ts) and the days a case waited for its customer (issue 25) count so.
 */
export function workingDaysBetween(from: Date, to: Date, holidays: Holidays = ETHIOPIAN_HOLIDAYS): number {
  const last = addisDay(to);
  let days = 0;
  for (let noon = noonOf(addisDay(from)); addisDay(noon) < last; ) {
    noon = new Date(noon.getTime() + DAY_MS);
    if (isWorkingDay(addisDay(noon), holidays)) days += 1;
  }
  return days;
}

/**
 * The moment a case due on `day` becomes late: the end of that day in Addis Ababa. A case
 * is late when it was not verified or rejected before then; the server compares this
 * stored moment with the clock (or the verdict's date) on every read.
 */
export function lateFrom(day: string): Date {
  return new Date(noonOf(day).getTime() + DAY_MS / 2);
}
