import { isoOfEthiopian } from '../../i18n/ethiopian-calendar.ts';

/**
 * The checks of a day a staff user picks (issue 24, review defect 11), made before anything is
 * sent so that a wrong day is refused in the app's own words, as the server would refuse it
 * (server/casework/appointment-day.ts), never by a browser bubble.
 */

/** What a day field holds when what was picked names no day (Pagume 6 of a common year, a date the browser could not read). */
export const NO_SUCH_DAY = 'no-such-day';

export type DayProblem = 'missing' | 'nonexistent' | 'past' | 'tooFar' | 'fromAfterTo';

/** Addis Ababa's day at `now` (UTC+3 all year, no summer time): the day the server judges appointments by. */
export const addisToday = (now: number) => new Date(now + 3 * 3_600_000).toISOString().slice(0, 10);

/** The last day the server takes for an appointment: the same day a year on; from 29 February, 28 February. */
export const aYearOn = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4) === '-02-29' ? '-02-28' : day.slice(4)}`;

/** Why an appointment day cannot be taken, or undefined when it can. */
export function appointmentDayProblem(day: string, today: string): DayProblem | undefined {
  if (!day) return 'missing';
  if (day === NO_SUCH_DAY) return 'nonexistent';
  if (day < today) return 'past';
  if (day > aYearOn(today)) return 'tooFar';
  return undefined;
}

/** Why a from–to filter cannot be searched, and which of its two fields says so; undefined when it can. */
export function dayRangeProblem(from: string | undefined, to: string | undefined): { field: 'from' | 'to'; problem: DayProblem } | undefined {
  if (from === NO_SUCH_DAY) return { field: 'from', problem: 'nonexistent' };
  if (to === NO_SUCH_DAY) return { field: 'to', problem: 'nonexistent' };
  if (from && to && from > to) return { field: 'to', problem: 'fromAfterTo' };
  return undefined;
}

/** The three selects of an Ethiopian day, as chosen ('' where nothing is). */
export interface EthiopianDayParts {
  day: string;
  month: string;
  year: string;
}

/** What an Ethiopian day field holds: '' until all three parts are chosen, then the ISO day or NO_SUCH_DAY. */
export function dayOfParts({ day, month, year }: EthiopianDayParts): string {
  if (!day || !month || !year) return '';
  return isoOfEthiopian({ year: Number(year), month: Number(month), day: Number(day) }) ?? NO_SUCH_DAY;
}
