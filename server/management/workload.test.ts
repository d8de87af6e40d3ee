import { describe, expect, it } from 'vitest';
import { ETHIOPIAN_HOLIDAYS } from '../casework/holidays.ts';
import { workingDaysBetween } from '../casework/due-dates.ts';
import { daysToAnswer, ethiopianMonthStart, median } from './workload.ts';

describe('the workload arithmetic', () => {
  it.each([
    ['2026-11-23T09:00:00Z', '2026-11-10'], // Hidar 14, 2019
    ['2026-11-09T20:59:00Z', '2026-10-11'], // 23:59 in Addis Ababa on Tikimt 30: still Tikimt
    ['2026-11-09T21:00:00Z', '2026-11-10'], // midnight in Addis Ababa: Hidar 1
    ['2026-09-10T09:00:00Z', '2026-09-06'], // Pagume 5, the short thirteenth month
    ['2027-09-11T09:00:00Z', '2027-09-06'], // Pagume 6 of a leap year
    ['2027-09-12T09:00:00Z', '2027-09-12'], // Meskerem 1, 2020
  ])('takes the Ethiopian month of %s to start on %s (Addis Ababa)', (now, day) => {
    const start = ethiopianMonthStart(new Date(now));
    expect(start.day).toBe(day);
    expect(start.from.toISOString()).toBe(new Date(`${day}T00:00:00+03:00`).toISOString());
  });

  it('counts working days from the day after filing to the day of the answer, in Addis Ababa', () => {
    const none = { gregorian: [], ethiopian: [], dated: [] };
    // Friday evening to Monday morning: the weekend does not count, Monday does.
    expect(workingDaysBetween(new Date('2026-11-13T15:00:00Z'), new Date('2026-11-16T06:00:00Z'), none)).toBe(1);
    // Answered the day it was filed: 21:30 UTC on the 12th is already the 13th in Addis Ababa.
    expect(workingDaysBetween(new Date('2026-11-12T21:30:00Z'), new Date('2026-11-13T14:00:00Z'), none)).toBe(0);
    // Meskel (Meskerem 17 = 27 September 2026, a Sunday) and Enkutatash skipped by the holidays given.
    expect(workingDaysBetween(new Date('2026-09-08T09:00:00Z'), new Date('2026-09-14T09:00:00Z'), ETHIOPIAN_HOLIDAYS)).toBe(3);
    expect(workingDaysBetween(new Date('2026-09-08T09:00:00Z'), new Date('2026-09-14T09:00:00Z'), none)).toBe(4);
  });

  it("leaves out the working days a case waited for its customer's answer (issue 25)", () => {
    const none = { gregorian: [], ethiopian: [], dated: [] };
    // Filed Monday 2 November, answered Friday 20 November: 14 working days, of which Wednesday 4
    // to Monday 9 (3 working days) and Thursday 12 to Friday 13 (1) waited for the customer.
    const filed = { created_at: new Date('2026-11-02T07:00:00Z'), answered_at: new Date('2026-11-20T07:00:00Z') };
    expect(daysToAnswer({ ...filed, waits: [] }, none)).toBe(14);
    const waits = [
      { asked_at: new Date('2026-11-04T07:00:00Z'), answered_at: new Date('2026-11-09T07:00:00Z') },
      { asked_at: new Date('2026-11-12T07:00:00Z'), answered_at: new Date('2026-11-13T07:00:00Z') },
    ];
    expect(daysToAnswer({ ...filed, waits }, none)).toBe(10);
  });

  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
