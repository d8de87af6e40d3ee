import { describe, expect, it } from 'vitest';
import { addisToday, appointmentDayProblem, aYearOn, dayOfParts, dayRangeProblem, NO_SUCH_DAY } from './day-checks.ts';

describe('the checks of a picked day', () => {
  it('takes today as Addis Ababa has it, three hours ahead of UTC', () => {
    expect(addisToday(Date.parse('2026-12-03T20:59:00Z'))).toBe('2026-12-03');
    expect(addisToday(Date.parse('2026-12-03T21:00:00Z'))).toBe('2026-12-04');
  });

  it.each([
    ['', 'missing'],
    [NO_SUCH_DAY, 'nonexistent'],
    ['2026-12-03', 'past'],
    ['2026-12-04', undefined],
    ['2027-12-04', undefined],
    ['2027-12-05', 'tooFar'],
  ])('refuses an appointment on %j as %s, today being 2026-12-04', (day, problem) => {
    expect(appointmentDayProblem(day, '2026-12-04')).toBe(problem);
  });

  it('ends a year from 29 February on 28 February, as the server does', () => {
    expect(aYearOn('2028-02-29')).toBe('2029-02-28');
    expect(appointmentDayProblem('2029-03-01', '2028-02-29')).toBe('tooFar');
  });

  it.each([
    [undefined, undefined, undefined],
    ['2026-12-01', undefined, undefined],
    ['2026-12-01', '2026-12-01', undefined],
    ['2026-12-02', '2026-12-01', { field: 'to', problem: 'fromAfterTo' }],
    [NO_SUCH_DAY, '2026-12-01', { field: 'from', problem: 'nonexistent' }],
    ['2026-12-01', NO_SUCH_DAY, { field: 'to', problem: 'nonexistent' }],
  ])('checks a range from %j to %j', (from, to, problem) => {
    expect(dayRangeProblem(from, to)).toEqual(problem);
  });

  it('reads the three Ethiopian selects as a day once all are chosen', () => {
    expect(dayOfParts({ day: '25', month: '3', year: '2019' })).toBe('2026-12-04');
    expect(dayOfParts({ day: '25', month: '', year: '2019' })).toBe('');
    expect(dayOfParts({ day: '6', month: '13', year: '2019' })).toBe('2027-09-11');
    expect(dayOfParts({ day: '6', month: '13', year: '2020' })).toBe(NO_SUCH_DAY);
    expect(dayOfParts({ day: '7', month: '13', year: '2019' })).toBe(NO_SUCH_DAY);
  });
});
