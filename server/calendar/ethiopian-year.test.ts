import { describe, expect, it } from 'vitest';
import { ethiopianYear } from './ethiopian-year.ts';

describe('Ethiopian year of case numbers and accusation references', () => {
  it('turns on Meskerem 1 at midnight in Addis Ababa (UTC+3), not on the Gregorian new year', () => {
    expect(ethiopianYear(new Date('2026-01-01T12:00:00Z'))).toBe(2018);
    expect(ethiopianYear(new Date('2026-09-10T12:00:00Z'))).toBe(2018);
    // 11 September 2026 00:00 in Addis Ababa is 21:00 UTC the day before.
    expect(ethiopianYear(new Date('2026-09-10T20:59:59Z'))).toBe(2018);
    expect(ethiopianYear(new Date('2026-09-10T21:00:00Z'))).toBe(2019);
    expect(ethiopianYear(new Date('2026-09-12T12:00:00Z'))).toBe(2019);
    expect(ethiopianYear(new Date('2026-11-22T12:00:00Z'))).toBe(2019);
  });

  it('moves the new year to 12 September before a Gregorian leap year', () => {
    expect(ethiopianYear(new Date('2027-09-11T12:00:00Z'))).toBe(2019);
    expect(ethiopianYear(new Date('2027-09-12T12:00:00Z'))).toBe(2020);
  });
});
