import { describe, expect, it } from 'vitest';
import type { Holidays } from '../casework/holidays.ts';
import { dueEventsAt, workingDaysAfter, workingDaysBefore } from './alert-due-dates.ts';

const NONE: Holidays = { gregorian: [], ethiopian: [], dated: [] };
// Due on Friday 4 December 2026: late from midnight ending it (Saturday 00:00 in Addis Ababa).
const FRIDAY_DUE = new Date('2026-12-04T21:00:00Z');
const kinds = (now: string, raised: string[] = [], holidays = NONE) => dueEventsAt(FRIDAY_DUE, raised, new Date(now), holidays).map((e) => e.kind);

describe('the due-date events of a case', () => {
  it('falls due soon at the start of the second working day before the due day', () => {
    expect(workingDaysBefore(FRIDAY_DUE, 2, NONE).toISOString()).toBe('2026-12-01T21:00:00.000Z'); // Wednesday 00:00 Addis
    // Due on a Monday: the Thursday before (the weekend is no working day).
    expect(workingDaysBefore(new Date('2026-12-07T21:00:00Z'), 2, NONE).toISOString()).toBe('2026-12-02T21:00:00.000Z');
    // A holiday on the Wednesday pushes it to Tuesday.
    expect(workingDaysBefore(FRIDAY_DUE, 2, { ...NONE, dated: ['2026-12-02'] }).toISOString()).toBe('2026-11-30T21:00:00.000Z');
  });

  it('raises due soon from its moment, late at the due moment, each once', () => {
    expect(kinds('2026-12-01T20:59:00Z')).toEqual([]);
    expect(kinds('2026-12-01T21:05:00Z')).toEqual(['due_soon']);
    expect(kinds('2026-12-01T21:05:00Z', ['due_soon'])).toEqual([]);
    expect(kinds('2026-12-04T21:00:00Z', ['due_soon'])).toEqual(['late']);
  });

  it('escalates to management at the end of the fifth working day after the due day, holidays skipped', () => {
    expect(workingDaysAfter(FRIDAY_DUE, 5, NONE).toISOString()).toBe('2026-12-11T21:00:00.000Z'); // the next Saturday 00:00 Addis
    // A holiday on the Wednesday after: the fifth working day is the Monday after.
    expect(workingDaysAfter(FRIDAY_DUE, 5, { ...NONE, dated: ['2026-12-09'] }).toISOString()).toBe('2026-12-14T21:00:00.000Z');
    expect(kinds('2026-12-11T20:59:00Z', ['due_soon', 'late'])).toEqual([]);
    expect(kinds('2026-12-11T21:05:00Z', ['due_soon', 'late'])).toEqual(['escalated']);
    expect(kinds('2026-12-11T21:05:00Z', ['due_soon', 'late', 'escalated'])).toEqual([]);
  });

  it('tells nothing stale: no "due soon" for a late case, nothing a day after its moment', () => {
    expect(kinds('2026-12-04T21:10:00Z')).toEqual(['late']);
    expect(kinds('2026-12-05T21:00:00Z')).toEqual([]);
  });
});
