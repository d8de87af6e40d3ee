import { describe, expect, it } from 'vitest';
import { formatDate, formatTime } from './dates.ts';

describe('formatDate', () => {
  it('gives English dates in the Gregorian calendar', () => {
    expect(formatDate('2026-11-22T10:00:00Z', 'en')).toBe('November 22, 2026');
  });

  it('gives Amharic and Tigrinya dates in the Ethiopian calendar, with the era as they write it', () => {
    // 22 November 2026 is 13 Hidar 2019 in the Ethiopian calendar.
    expect(formatDate('2026-11-22T10:00:00Z', 'am')).toMatch(/^13 (ኅዳር|ህዳር) 2019 ዓ\.ም\.$/);
    expect(formatDate('2026-11-22T10:00:00Z', 'ti')).toMatch(/^13 (ሕዳር|ኅዳር|ህዳር) 2019 ዓ\.ም\.$/);
  });

  it('never shows a Latin era ("AM") on a Tigrinya date', () => {
    expect(formatDate('2026-11-22T10:00:00Z', 'ti')).not.toMatch(/[A-Za-z]/);
  });

  it('shows nothing for an absent or broken date', () => {
    expect(formatDate(null, 'en')).toBeUndefined();
    expect(formatDate('not a date', 'am')).toBeUndefined();
  });
});

describe('formatTime', () => {
  const at = (hours: number, minutes: number) => new Date(2026, 10, 22, hours, minutes);

  it.each([
    [7, 5, 'ጠዋት 1:05'],
    [10, 0, 'ጠዋት 4:00'],
    [12, 30, 'ከሰዓት 6:30'],
    [16, 0, 'ከሰዓት 10:00'],
    [19, 0, 'ምሽት 1:00'],
    [0, 15, 'ሌሊት 6:15'],
    [5, 59, 'ሌሊት 11:59'],
  ])('counts Amharic hours the Ethiopian way: %i:%i is %s', (hours, minutes, shown) => {
    expect(formatTime(at(hours, minutes), 'am')).toBe(shown);
  });

  it('names the part of the day in Tigrinya', () => {
    expect(formatTime(at(7, 5), 'ti')).toBe('ንግሆ 1:05');
    expect(formatTime(at(16, 0), 'ti')).toBe('ድሕሪ ቀትሪ 10:00');
  });

  it('gives other languages a 24-hour clock', () => {
    expect(formatTime(at(16, 5), 'en')).toBe('16:05');
    expect(formatTime(at(7, 0), 'om')).toBe('07:00');
  });
});
