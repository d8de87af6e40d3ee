import { addisDay, workingDaysBetween } from '../casework/due-dates.ts';
import type { Holidays } from '../casework/holidays.ts';

/**
 * The arithmetic of an officer's workload (issue 24): working days as the due dates count
 * them (Addis Ababa days, weekends and the admin's holidays skipped), and the Ethiopian
 * month the office reports by.
 */

const DAY_MS = 86_400_000;
const noonOf = (day: string) => new Date(`${day}T12:00:00+03:00`);
const ethiopianDate = new Intl.DateTimeFormat('en-u-ca-ethiopic', { timeZone: 'Africa/Addis_Ababa', day: 'numeric' });

/** The Addis Ababa day the current Ethiopian month began on (YYYY-MM-DD), and its first moment. */
export function ethiopianMonthStart(now: Date): { day: string; from: Date } {
  const dayOfMonth = Number(ethiopianDate.formatToParts(now).find((part) => part.type === 'day')?.value);
  const day = addisDay(new Date(noonOf(addisDay(now)).getTime() - (dayOfMonth - 1) * DAY_MS));
  return { day, from: new Date(`${day}T00:00:00+03:00`) };
}

/** A request for information a case waited on (issue 25): asked, and answered. */
export interface Wait {
  asked_at: Date;
  answered_at: Date;
}

/**
 * The working days a case spent waiting for its customer (issue 25), which are not the
 * officer's: each answered request's, counted as the answer moved the due day on. They are
 * subtracted here, where every "days to answer" figure is counted (the accountability issue
 * uses the same definition).
 */
export function waitingForCustomerDays(waits: readonly Wait[], holidays: Holidays): number {
  return waits.reduce((days, wait) => days + workingDaysBetween(wait.asked_at, wait.answered_at, holidays), 0);
}

/** The days to answer one case: working days from the day after filing to the answer's day (0 the day it came), less its waits. */
export function daysToAnswer(answered: { created_at: Date; answered_at: Date; waits: readonly Wait[] }, holidays: Holidays): number {
  return Math.max(0, workingDaysBetween(answered.created_at, answered.answered_at, holidays) - waitingForCustomerDays(answered.waits, holidays));
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
