import { addisDay, isWorkingDay } from '../casework/due-dates.ts';
import type { Holidays } from '../casework/holidays.ts';

/**
 * The due-date events of a case (issue 24), each raised once per case and due moment by the
 * sweep: when each falls, and whom it tells. Issue 25's escalation is these three: the holder
 * two working days before the due day, the managers at the due moment, the admins
 * (management) five working days after it.
 */
export interface DueEvent {
  kind: 'due_soon' | 'late' | 'escalated';
  /** When the event falls for a case due at `dueAt` (the midnight that ends its due day). */
  momentOf: (dueAt: Date, holidays: Holidays) => Date;
  /** Whether it still means something at `now` (a case already late is not "due soon"). */
  stillNews: (dueAt: Date, now: Date) => boolean;
  /** The case's holder, or its directorate's managers when it has none; or both; or the active admins. */
  tells: 'holder' | 'holder_and_managers' | 'admins';
}

const DAY_MS = 86_400_000;
/** An event first seen this long after its moment (the portal was down, or just deployed) is no news any more. */
export const CATCH_UP_MS = DAY_MS;

/** The start (midnight in Addis Ababa) of the `count`th working day before the day a case is due. */
export function workingDaysBefore(dueAt: Date, count: number, holidays: Holidays): Date {
  // The due moment is the midnight that ends the due day: noon of that day steps safely.
  let noon = new Date(dueAt.getTime() - DAY_MS / 2);
  for (let counted = 0; counted < count; ) {
    noon = new Date(noon.getTime() - DAY_MS);
    if (isWorkingDay(addisDay(noon), holidays)) counted += 1;
  }
  return new Date(`${addisDay(noon)}T00:00:00+03:00`);
}

/** The end (midnight in Addis Ababa) of the `count`th working day after the day a case is due. */
export function workingDaysAfter(dueAt: Date, count: number, holidays: Holidays): Date {
  let noon = new Date(dueAt.getTime() - DAY_MS / 2);
  for (let counted = 0; counted < count; ) {
    noon = new Date(noon.getTime() + DAY_MS);
    if (isWorkingDay(addisDay(noon), holidays)) counted += 1;
  }
  return new Date(new Date(`${addisDay(noon)}T00:00:00+03:00`).getTime() + DAY_MS);
}

/** Working days a case may stay late before management is alerted (issue 25). */
export const ESCALATION_WORKING_DAYS = 5;

export const DUE_EVENTS: readonly DueEvent[] = [
  { kind: 'due_soon', momentOf: (dueAt, holidays) => workingDaysBefore(dueAt, 2, holidays), stillNews: (dueAt, now) => now < dueAt, tells: 'holder' },
  { kind: 'late', momentOf: (dueAt) => dueAt, stillNews: () => true, tells: 'holder_and_managers' },
  { kind: 'escalated', momentOf: (dueAt, holidays) => workingDaysAfter(dueAt, ESCALATION_WORKING_DAYS, holidays), stillNews: () => true, tells: 'admins' },
];

/** How far ahead of a due moment any event can fall: two working days, with a long holiday run between. */
export const LOOK_AHEAD_MS = 21 * DAY_MS;
/** How long after a due moment any event can fall: five working days, with a long holiday run between. */
export const LOOK_BACK_MS = 28 * DAY_MS;

/** The events of a case due at `dueAt` that fall by `now`, are still news, and were not raised yet. */
export function dueEventsAt(dueAt: Date, raised: readonly string[], now: Date, holidays: Holidays): DueEvent[] {
  return DUE_EVENTS.filter((event) => {
    if (raised.includes(event.kind) || !event.stillNews(dueAt, now)) return false;
    const moment = event.momentOf(dueAt, holidays).getTime();
    return moment <= now.getTime() && now.getTime() - moment < CATCH_UP_MS;
  });
}
