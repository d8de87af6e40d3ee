import { ApiError } from '../errors/api-error.ts';
import { addisDay } from './due-dates.ts';

/**
 * An appointment (or the day it is moved to), as a staff user chose it (issue 23, S5): a
 * day that exists, from today to a year ahead, today being Addis Ababa's day at the app's
 * clock, as for due dates. The customer is told of it by SMS and mail, so a day that is
 * not one (2026-02-31 was stored as 3 March), one gone by or one in 9999 is refused
 * before anything moves or is sent.
 *
 * What is accepted, and the moment stored:
 * - `YYYY-MM-DD`, what the staff screen sends: that day; stored as its UTC midnight, as
 *   before, which is early morning of that same day in Addis Ababa.
 * - a date and time with an offset (`Z`, `+03:00`): that moment; its day is the Addis
 *   Ababa day it falls on.
 * - a date and time without an offset: Addis Ababa's time (not the server's zone, which
 *   differs between machines).
 */
const APPOINTMENT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const refuse = (key: 'appointmentDateInvalid' | 'appointmentDatePast' | 'appointmentDateTooFar', detail: string) =>
  new ApiError(400, key, detail);

/** The moment `text` names, or undefined when its day or time does not exist. */
function momentOf(text: string): Date | undefined {
  const match = APPOINTMENT.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '0', fraction = '', offset = '+03:00'] = match;
  const [y, mo, d] = [year, month, day].map(Number);
  // Date.UTC would roll 31 February into March and read years below 100 as 19xx; this only rolls, which is checked.
  const moment = new Date(0);
  moment.setUTCFullYear(y, mo - 1, d);
  if (moment.getUTCFullYear() !== y || moment.getUTCMonth() !== mo - 1 || moment.getUTCDate() !== d) return undefined;
  // A day alone: its UTC midnight, as appointments were always stored.
  if (hour === undefined) return moment;
  const [h, mi, s] = [hour, minute, second].map(Number);
  if (h > 23 || mi > 59 || s > 59) return undefined;
  moment.setUTCHours(h, mi, s, Number(fraction.slice(0, 3).padEnd(3, '0')));
  if (offset === 'Z') return moment;
  const [, sign, zoneHours, zoneMinutes] = /^([+-])(\d{2}):?(\d{2})$/.exec(offset)!;
  if (Number(zoneHours) > 14 || Number(zoneMinutes) > 59) return undefined;
  const offsetMinutes = (sign === '+' ? 1 : -1) * (Number(zoneHours) * 60 + Number(zoneMinutes));
  return new Date(moment.getTime() - offsetMinutes * 60_000);
}

/** Addis Ababa keeps UTC+3 all year (no summer time): its day of a moment, counted in days since 1970. */
const ADDIS_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;
const addisDayNumber = (moment: Date) => Math.floor((moment.getTime() + ADDIS_OFFSET_MS) / DAY_MS);

/** The day number a year after `today`'s; from 29 February, 28 February (at most a year, never 1 March). */
function aYearAfter(today: number): number {
  const date = new Date(today * DAY_MS);
  const [month, day] = [date.getUTCMonth(), date.getUTCDate()];
  date.setUTCFullYear(date.getUTCFullYear() + 1, month, day);
  if (date.getUTCMonth() !== month) date.setUTCDate(0);
  return date.getTime() / DAY_MS;
}

/** The moment to store for an appointment chosen as `text`, at the app's `now`; a translated 400 otherwise. */
export function appointmentMoment(text: string, now: Date): Date {
  const moment = momentOf(text.trim());
  if (!moment) throw refuse('appointmentDateInvalid', `${text} is not a day that exists`);
  const [day, today] = [addisDayNumber(moment), addisDayNumber(now)];
  if (day < today) throw refuse('appointmentDatePast', `${text} is before today, ${addisDay(now)}`);
  if (day > aYearAfter(today)) throw refuse('appointmentDateTooFar', `${text} is more than a year after today, ${addisDay(now)}`);
  return moment;
}
