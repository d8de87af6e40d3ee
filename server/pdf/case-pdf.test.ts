import { describe, expect, it } from 'vitest';
import { formatDate } from './case-pdf.ts';

/** A printed date names both calendars; a letter to an Amharic or Tigrinya reader leads with theirs. */
describe('a date on a printed page', () => {
  const day = new Date('2026-11-28T09:00:00Z');

  it('puts the Gregorian day first, the Ethiopian one beside it', () => {
    expect(formatDate(day)).toBe('28 Nov 2026 (19 ኅዳር 2019 ዓ.ም.)');
  });

  it('puts the Ethiopian day first for a reader of Amharic or Tigrinya', () => {
    expect(formatDate(day, { ethiopianFirst: true })).toBe('19 ኅዳር 2019 ዓ.ም. (28 Nov 2026)');
  });
});
