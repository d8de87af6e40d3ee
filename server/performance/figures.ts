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
export const monthOf = (moment: Date) => addisDay(moment).slice(0, 7);

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
 * `workingDaysBetween` (server/casework/due-dates.ts) over many cases: each day of the period
 * is judged once, and a difference of two running counts answers; a moment outside the period
 * is counted the slow way.
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
  return (start: Date, end: Date): number => {
    const first = addisDay(start);
    const final = addisDay(end);
    if (final <= first) return 0;
    const a = upTo.get(first);
    const b = upTo.get(final);
    return a === undefined || b === undefined ? workingDaysBetween(start, end, holidays) : b - a;
  };
}

export interface CaseRow {
  division_id: string;
  created_at: Date;
  /** The day the customer got the decision (approved or rejected), else null. */
  answered_at: Date | null;
  due_at: Date | null;
  /** The answered requests for information it waited on (issue 25). */
  waits: { asked_at: Date; answered_at: Date }[];
}
export interface RatingRow {
  division_id: string;
  rate_num: number;
  created_at: Date;
}
export interface AccusationRow {
  created_at: Date;
  closed_at: Date | null;
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
  input: { now: Date; holidays: Holidays; divisionIds: readonly string[]; cases: CaseRow[]; ratings: RatingRow[]; accusations: AccusationRow[] },
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

  for (const row of input.cases) {
    for (const tally of tallies(row.division_id, monthOf(row.created_at))) tally.filed += 1;
    if (!row.answered_at) continue;
    const waiting = row.waits.reduce((days, wait) => days + counter(wait.asked_at, wait.answered_at), 0);
    const days = Math.max(0, counter(row.created_at, row.answered_at) - waiting);
    for (const tally of tallies(row.division_id, monthOf(row.answered_at))) {
      tally.answered += 1;
      tally.days.push(days);
      if (row.due_at) {
        tally.withDue += 1;
        // Due moments are the end of the due day (lateFrom): answered before it is by the due day.
        if (row.answered_at < row.due_at) tally.byDue += 1;
      }
    }
  }
  for (const rating of input.ratings) {
    for (const tally of tallies(rating.division_id, monthOf(rating.created_at))) tally.ratings.push(rating.rate_num);
  }
  const received = new Map(months.map((month) => [month, 0]));
  const closed = new Map(months.map((month) => [month, 0]));
  for (const accusation of input.accusations) {
    const filedIn = monthOf(accusation.created_at);
    if (received.has(filedIn)) received.set(filedIn, received.get(filedIn)! + 1);
    if (!accusation.closed_at) continue;
    const closedIn = monthOf(accusation.closed_at);
    if (closed.has(closedIn)) closed.set(closedIn, closed.get(closedIn)! + 1);
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
