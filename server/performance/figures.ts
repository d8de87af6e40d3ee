import { addisDay, isWorkingDay, workingDaysBetween } from '../casework/due-dates.ts';
import type { Holidays } from '../casework/holidays.ts';
import { median } from '../management/workload.ts';
import { TOO_FEW, type CorporationMonth, type DivisionMonth, type Figure } from '../contract/open-data-calls.ts';

/**
 * The arithmetic of the public performance figures (issue 28), with no database: months in
 * Addis Ababa, working days as the due dates count them, "answered" as the office issue (24)
 * defines it, and the small-number rule.
 */

/** A figure drawn from fewer than this many cases (ratings, accusations) is withheld. */
export const MINIMUM_CASES = 10;
/** How many months are shown: the current one and the eleven before it. */
export const MONTHS = 12;

const DAY_MS = 86_400_000;
const noonOf = (day: string) => new Date(`${day}T12:00:00+03:00`);

/** The Addis Ababa month of a moment, YYYY-MM. */
const monthOf = (moment: Date) => addisDay(moment).slice(0, 7);

/** The last `MONTHS` months up to the one `now` is in, oldest first, and the first moment of the oldest. */
export function monthsUpTo(now: Date): { months: string[]; from: Date } {
  const [year, month] = monthOf(now).split('-').map(Number);
  const months = Array.from({ length: MONTHS }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (MONTHS - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
  return { months, from: new Date(`${months[0]}-01T00:00:00+03:00`) };
}

/**
 * `workingDaysBetween` (server/casework/due-dates.ts) over many cases, on Addis Ababa days
 * (YYYY-MM-DD): each day of the period is judged once, and a difference of two running
 * counts answers; a day outside the period is counted the slow way.
 */
export function workingDayCounter(from: Date, to: Date, holidays: Holidays) {
  const upTo = new Map<string, number>();
  let count = 0;
  const last = addisDay(to);
  for (let noon = noonOf(addisDay(from)); ; noon = new Date(noon.getTime() + DAY_MS)) {
    const day = addisDay(noon);
    if (isWorkingDay(day, holidays)) count += 1;
    upTo.set(day, count);
    if (day >= last) break;
  }
  return (first: string, final: string): number => {
    if (final <= first) return 0;
    const a = upTo.get(first);
    const b = upTo.get(final);
    return a === undefined || b === undefined ? workingDaysBetween(noonOf(first), noonOf(final), holidays) : b - a;
  };
}

/**
 * Cases alike in what is counted of them, with how many: their division, the Addis Ababa days
 * they were filed and got their decision on, whether that was by their due day, and the days
 * of the requests for information they waited on (issue 25).
 */
export interface CaseGroup {
  division_id: string;
  filed_day: string;
  /** The day the customer got the decision (approved or rejected), else null. */
  answered_day: string | null;
  /** Decided before the end of the due day; null when not decided or without a due day. */
  by_due: boolean | null;
  /** Each answered request for information, "asked/answered" (YYYY-MM-DD/YYYY-MM-DD), comma-separated; null for none. */
  waits: string | null;
  cases: number;
}
/** Ratings of one division's cases given in one month, with one score. */
export interface RatingGroup {
  division_id: string;
  month: string;
  rate_num: number;
  ratings: number;
}
/** Accusations received (or closed) in a month. */
export interface AccusationGroup {
  month: string;
  received: number;
  closed: number;
}

/** A figure, or null with the reason when drawn from fewer than MINIMUM_CASES. */
export function figure(drawnFrom: number, value: () => number | null): Figure {
  if (drawnFrom < MINIMUM_CASES) return { value: null, reason: TOO_FEW };
  return { value: value(), reason: null };
}
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

interface Tally {
  filed: number;
  answered: number;
  /** Of the answered ones with a due day: how many, and how many by it. */
  withDue: number;
  byDue: number;
  days: number[];
  ratings: number[];
}
const emptyTally = (): Tally => ({ filed: 0, answered: 0, withDue: 0, byDue: 0, days: [], ratings: [] });

function caseFigures(tally: Tally) {
  return {
    cases_filed: figure(tally.filed, () => tally.filed),
    cases_answered: figure(tally.answered, () => tally.answered),
    answered_by_due_share: figure(tally.withDue, () => round(tally.byDue / tally.withDue, 3)),
    median_working_days: figure(tally.days.length, () => median(tally.days)),
    ratings: figure(tally.ratings.length, () => tally.ratings.length),
    satisfaction_average: figure(tally.ratings.length, () => round(tally.ratings.reduce((sum, rate) => sum + rate, 0) / tally.ratings.length, 2)),
  };
}

/**
 * Per month, for the corporation and for each division: cases filed (by their filing day);
 * cases answered (by the day the customer got the decision), the share of those answered by
 * their due day (the stored due moment, which issue 25 moves on by the days a case waited for
 * its customer) and their median working days from filing to the decision less the days
 * waiting; ratings given and their average; and, corporation-wide, accusations received and closed.
 */
export function performanceFigures(
  input: { now: Date; holidays: Holidays; divisionIds: readonly string[]; cases: CaseGroup[]; ratings: RatingGroup[]; accusations: AccusationGroup[] },
) {
  const { months, from } = monthsUpTo(input.now);
  const shown = new Set(months);
  // From a year before the oldest month: most answered cases were filed within it.
  const counter = workingDayCounter(new Date(from.getTime() - 366 * DAY_MS), input.now, input.holidays);
  const corporation = new Map(months.map((month) => [month, emptyTally()]));
  const divisions = new Map(input.divisionIds.map((id) => [id, new Map(months.map((month) => [month, emptyTally()]))]));
  const tallies = (divisionId: string, month: string): Tally[] => {
    if (!shown.has(month)) return [];
    const own = divisions.get(divisionId)?.get(month);
    return own ? [corporation.get(month)!, own] : [corporation.get(month)!];
  };

  for (const group of input.cases) {
    for (const tally of tallies(group.division_id, group.filed_day.slice(0, 7))) tally.filed += group.cases;
    if (!group.answered_day) continue;
    const waiting = (group.waits ?? '').split(',').filter(Boolean).reduce((days, wait) => {
      const [asked, answered] = wait.split('/');
      return days + counter(asked, answered);
    }, 0);
    const days = Math.max(0, counter(group.filed_day, group.answered_day) - waiting);
    for (const tally of tallies(group.division_id, group.answered_day.slice(0, 7))) {
      tally.answered += group.cases;
      for (let n = 0; n < group.cases; n += 1) tally.days.push(days);
      if (group.by_due !== null) {
        tally.withDue += group.cases;
        if (group.by_due) tally.byDue += group.cases;
      }
    }
  }
  for (const group of input.ratings) {
    for (const tally of tallies(group.division_id, group.month)) for (let n = 0; n < group.ratings; n += 1) tally.ratings.push(group.rate_num);
  }
  const received = new Map(months.map((month) => [month, 0]));
  const closed = new Map(months.map((month) => [month, 0]));
  for (const group of input.accusations) {
    if (!shown.has(group.month)) continue;
    received.set(group.month, received.get(group.month)! + group.received);
    closed.set(group.month, closed.get(group.month)! + group.closed);
  }

  return {
    months,
    corporation: months.map((month): CorporationMonth => ({
      month,
      ...caseFigures(corporation.get(month)!),
      accusations_received: figure(received.get(month)!, () => received.get(month)!),
      accusations_closed: figure(closed.get(month)!, () => closed.get(month)!),
    })),
    divisions: new Map(
      [...divisions].map(([id, byMonth]) => [id, months.map((month): DivisionMonth => ({ month, ...caseFigures(byMonth.get(month)!) }))]),
    ),
  };
}
