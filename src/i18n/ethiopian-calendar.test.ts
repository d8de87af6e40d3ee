import { describe, expect, it } from 'vitest';
import { ethiopianMonthNames, ethiopianOfIso, isoOfEthiopian } from './ethiopian-calendar.ts';
import { formatDate } from './dates.ts';

describe('the Ethiopian calendar', () => {
  it.each([
    [{ year: 2019, month: 1, day: 1 }, '2026-09-11'],
    [{ year: 2019, month: 3, day: 13 }, '2026-11-22'],
    [{ year: 2019, month: 3, day: 25 }, '2026-12-04'],
    [{ year: 2019, month: 13, day: 6 }, '2027-09-11'],
    [{ year: 2020, month: 1, day: 1 }, '2027-09-12'],
    [{ year: 2015, month: 13, day: 6 }, '2023-09-11'],
    [{ year: 2016, month: 1, day: 1 }, '2023-09-12'],
    [{ year: 2016, month: 6, day: 21 }, '2024-02-29'],
  ])('reads %j as %s and back', (ethiopian, iso) => {
    expect(isoOfEthiopian(ethiopian)).toBe(iso);
    expect(ethiopianOfIso(iso)).toEqual(ethiopian);
  });

  it.each([
    [{ year: 2020, month: 13, day: 6 }],
    [{ year: 2015, month: 13, day: 7 }],
    [{ year: 2019, month: 2, day: 31 }],
    [{ year: 2019, month: 14, day: 1 }],
    [{ year: 2019, month: 0, day: 1 }],
    [{ year: 2019, month: 1, day: 0 }],
    [{ year: 0, month: 1, day: 1 }],
    [{ year: Number.NaN, month: 1, day: 1 }],
  ])('knows %j does not exist', (ethiopian) => {
    expect(isoOfEthiopian(ethiopian)).toBeUndefined();
  });

  it('agrees with the browser’s Ethiopian calendar on every day of twelve years', () => {
    const format = new Intl.DateTimeFormat('en-u-ca-ethiopic', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'UTC' });
    for (let day = Date.UTC(2020, 0, 1); day < Date.UTC(2032, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      const parts = Object.fromEntries(format.formatToParts(new Date(day)).map((part) => [part.type, part.value]));
      const ethiopian = { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
      expect(ethiopianOfIso(iso), iso).toEqual(ethiopian);
      expect(isoOfEthiopian(ethiopian), iso).toBe(iso);
    }
  });

  it('names the months as formatDate writes them', () => {
    expect(ethiopianMonthNames('am')).toHaveLength(13);
    expect(ethiopianMonthNames('am')[0]).toBe('መስከረም');
    expect(formatDate('2026-12-04T12:00:00Z', 'am')).toContain(ethiopianMonthNames('am')[2]);
    expect(formatDate('2026-12-04T12:00:00Z', 'ti')).toContain(ethiopianMonthNames('ti')[2]);
  });
});
