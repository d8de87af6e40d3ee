import { describe, expect, it } from 'vitest';
import { addisDay, dueDay, isWorkingDay, lateFrom } from './due-dates.ts';
import type { Holidays } from './holidays.ts';

const NONE: Holidays = { gregorian: [], ethiopian: [], dated: [] };

describe('due dates', () => {
  it('counts days in Addis Ababa: 22:00 UTC on a Monday is already Tuesday there', () => {
    expect(addisDay(new Date('2026-11-23T22:00:00Z'))).toBe('2026-11-24');
    expect(addisDay(new Date('2026-11-23T20:59:59Z'))).toBe('2026-11-23');
  });

  it('skips weekends: ten working days from a Monday end on the second Monday after', () => {
    // Filed Monday 23 November 2026 (no holiday in the next weeks).
    expect(dueDay(new Date('2026-11-23T08:00:00Z'), 10, NONE)).toBe('2026-12-07');
    // Filed on a Friday, one working day: Monday.
    expect(dueDay(new Date('2026-11-27T15:00:00Z'), 1, NONE)).toBe('2026-11-30');
    // Filed on a Saturday: the count starts on Monday.
    expect(dueDay(new Date('2026-11-28T10:00:00Z'), 1, NONE)).toBe('2026-11-30');
  });

  it('takes ten working days when the case request sets no target', () => {
    expect(dueDay(new Date('2026-11-23T08:00:00Z'), undefined, NONE)).toBe('2026-12-07');
  });

  it('skips the holidays given as data: Gregorian-fixed, Ethiopian-fixed and dated ones', () => {
    expect(isWorkingDay('2026-05-01')).toBe(false); // Labour Day, a Friday
    expect(isWorkingDay('2026-09-11')).toBe(false); // Enkutatash 2019 E.C., a Friday
    expect(isWorkingDay('2027-09-13')).toBe(true); // a Monday; Enkutatash 2020 E.C. is 12 September (after a leap year)
    expect(isWorkingDay('2027-09-28')).toBe(false); // Meskel after the leap year, a Tuesday
    expect(isWorkingDay('2026-01-19')).toBe(false); // Timket, a Monday
    expect(isWorkingDay('2026-04-10')).toBe(false); // Siklet 2026, dated
    expect(isWorkingDay('2026-04-09')).toBe(true);
    // Thursday 30 April 2026, one working day: Friday 1 May is Labour Day, so Monday 4 May.
    expect(dueDay(new Date('2026-04-30T08:00:00Z'), 1)).toBe('2026-05-04');
    expect(dueDay(new Date('2026-04-30T08:00:00Z'), 1, NONE)).toBe('2026-05-01');
  });

  it('becomes late at the end of the due day in Addis Ababa (midnight there, 21:00 UTC)', () => {
    expect(lateFrom('2026-12-07').toISOString()).toBe('2026-12-07T21:00:00.000Z');
    expect(addisDay(new Date(lateFrom('2026-12-07').getTime() - 1))).toBe('2026-12-07');
    expect(addisDay(lateFrom('2026-12-07'))).toBe('2026-12-08');
  });
});
