import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';

describe('formatDate', () => {
  it('gives English dates in the Gregorian calendar', () => {
    expect(formatDate('2026-11-22T10:00:00Z', 'en')).toBe('November 22, 2026');
  });

  it('gives Amharic and Tigrinya dates in the Ethiopian calendar', () => {
    // 22 November 2026 is 13 Hidar 2019 in the Ethiopian calendar.
    expect(formatDate('2026-11-22T10:00:00Z', 'am')).toMatch(/2019/);
    expect(formatDate('2026-11-22T10:00:00Z', 'am')).toMatch(/ኅዳር|ህዳር/);
    expect(formatDate('2026-11-22T10:00:00Z', 'ti')).toMatch(/2019/);
  });

  it('shows nothing for an absent or broken date', () => {
    expect(formatDate(null, 'en')).toBeUndefined();
    expect(formatDate('not a date', 'am')).toBeUndefined();
  });
});
