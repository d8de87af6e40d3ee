import { describe, expect, it } from 'vitest';
import { dueSoonBefore, viewsOf } from './queue-views.ts';
import type { Holidays } from './holidays.ts';

const NONE: Holidays = { gregorian: [], ethiopian: [], dated: [] };

describe('queue views', () => {
  it.each([
    // Tuesday morning: due by the end of Thursday (midnight in Addis Ababa, 21:00 UTC).
    ['2026-12-01T06:00:00Z', NONE, '2026-12-03T21:00:00.000Z'],
    // Friday: the weekend does not count, Tuesday's end.
    ['2026-12-04T12:00:00Z', NONE, '2026-12-08T21:00:00.000Z'],
    // 22:30 UTC on Friday is Saturday in Addis Ababa: Monday and Tuesday are the two working days.
    ['2026-12-04T22:30:00Z', NONE, '2026-12-08T21:00:00.000Z'],
    // A holiday on Wednesday moves Tuesday's cut-off a day on.
    ['2026-12-01T06:00:00Z', { ...NONE, dated: ['2026-12-02'] }, '2026-12-04T21:00:00.000Z'],
  ] as const)('due soon from %s: due by %s', (now, holidays, cutOff) => {
    expect(dueSoonBefore(new Date(now), holidays).toISOString()).toBe(cutOff);
  });

  it('gives each role its views: officers approve nothing, admins only approve, archivists and ethics users have none', () => {
    expect(viewsOf('officer')).not.toContain('approval');
    expect(viewsOf('manager')).toEqual(['mine', 'unassigned', 'approval', 'sent_back', 'due_soon', 'late', 'open']);
    expect(viewsOf('admin')).toEqual(['approval']);
    expect(viewsOf('archivist')).toEqual([]);
    expect(viewsOf('accusation_acceptor')).toEqual([]);
  });
});
