import { addisDay, isWorkingDay } from '../casework/due-dates.ts';
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

/** Working days from the day after filing to the answer's day, both in Addis Ababa: answered the day it came is 0. */
export function workingDaysBetween(filedAt: Date, answeredAt: Date, holidays: Holidays): number {
  const last = addisDay(answeredAt);
  let days = 0;
  for (let noon = noonOf(addisDay(filedAt)); addisDay(noon) < last; ) {
    noon = new Date(noon.getTime() + DAY_MS);
    if (isWorkingDay(addisDay(noon), holidays)) days += 1;
  }
  return days;
}

/**
 * The working days a case spent waiting for its customer, which are not the officer's. No
 * such state exists yet: issue 25 adds it, and its days are subtracted here, where every
 * "days to answer" figure is counted (the accountability issue uses the same definition).
 */
export function waitingForCustomerDays(_case: { id: string }): number {
  return 0;
}

/** The days to answer one case, by the definition above. */
export function daysToAnswer(answered: { id: string; created_at: Date; answered_at: Date }, holidays: Holidays): number {
  return Math.max(0, workingDaysBetween(answered.created_at, answered.answered_at, holidays) - waitingForCustomerDays(answered));
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
