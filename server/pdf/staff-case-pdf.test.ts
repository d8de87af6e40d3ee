import { describe, expect, it } from 'vitest';
import { clockTime } from './staff-case-pdf.ts';

/** The staff printout's times, in Addis Ababa, counted as the reader counts hours (src/i18n/dates.ts does the same on screen). */
describe('the time of a history entry on the staff printout', () => {
  it.each([
    ['2026-11-06T04:05:00Z', 'en', '07:05'],
    ['2026-11-06T04:05:00Z', 'am', 'ጠዋት 1:05'],
    ['2026-11-06T10:30:00Z', 'am', 'ከሰዓት 7:30'],
    ['2026-11-06T16:00:00Z', 'ti', 'ምሸት 1:00'],
    ['2026-11-05T21:15:00Z', 'am', 'ሌሊት 6:15'],
    ['2026-11-05T21:15:00Z', 'om', '00:15'],
    ['2026-11-06T08:59:00Z', 'so', '11:59'],
  ] as const)('%s in %s reads %s', (moment, locale, expected) => {
    expect(clockTime(new Date(moment), locale)).toBe(expected);
  });
});
