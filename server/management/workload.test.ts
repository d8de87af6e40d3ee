import { describe, expect, it } from 'vitest';
import { ETHIOPIAN_HOLIDAYS } from '../casework/holidays.ts';
import { ethiopianMonthStart, median, workingDaysBetween } from './workload.ts';

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

  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
