import { QUEUE_VIEWS_OF_ROLE, type QueueView } from '../contract/constants.ts';
import { dueDay, lateFrom } from './due-dates.ts';
import type { Holidays } from './holidays.ts';

/** The views of the queue a role works from (issue 24), as the app offers them; none for a role not listed. */
export const viewsOf = (role: string): readonly QueueView[] => QUEUE_VIEWS_OF_ROLE[role] ?? [];

/** "Due soon": due today or within the next two working days. */
const DUE_SOON_WORKING_DAYS = 2;

/**
 * The end of the second working day after `now`'s day in Addis Ababa (weekends and the admin's
 * holidays skipped): an open case due by then and not late yet is due soon. Worked out here, at
 * the app's clock, and handed to SQL, so every instance and every test agrees.
 */
export function dueSoonBefore(now: Date, holidays: Holidays): Date {
  return lateFrom(dueDay(now, DUE_SOON_WORKING_DAYS, holidays));
}
