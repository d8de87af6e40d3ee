import { describe, expect, it } from 'vitest';
import { ethiopianYear, formatCaseNumber, normaliseCaseNumber } from './case-number.ts';

describe('Ethiopian year of a case number', () => {
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

describe('case number form', () => {
  it('pads the sequence to six digits', () => {
    expect(formatCaseNumber('HDC', 2019, 7)).toBe('HDC-2019-000007');
    expect(formatCaseNumber('HDC', 2019, 123456)).toBe('HDC-2019-123456');
  });

  it('accepts what a person types, trimmed and in any case, and nothing else', () => {
    expect(normaliseCaseNumber('  hdc-2019-000123 ')).toBe('HDC-2019-000123');
    for (const bad of ['', 'HDC', 'HDC-2019-123', 'HDC-19-000123', 'H-2019-000123', 'HDC-2019-0001234', "HDC-2019-000123' OR 1=1", 'ሀዲሲ-2019-000123']) {
      expect(normaliseCaseNumber(bad), bad).toBeUndefined();
    }
  });
});
