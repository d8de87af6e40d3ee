import { describe, expect, it } from 'vitest';
import { staffReturnPath } from './staff-return-path.ts';

describe('where a staff log-in may return to', () => {
  it.each([
    ['/staff/cases/5f0c2a34-0000-4000-8000-000000000001', '/staff/cases/5f0c2a34-0000-4000-8000-000000000001'],
    ['/staff/accusations/abc?tab=notes#history', '/staff/accusations/abc?tab=notes#history'],
    ['/staff', '/staff'],
    ['/staff/alerts', '/staff/alerts'],
  ])('takes the staff page %s', (given, kept) => {
    expect(staffReturnPath(given)).toBe(kept);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/staff/cases/1'],
    ['a protocol-relative URL', '//evil.example/staff'],
    ['a backslash that browsers read as a slash', '/\\evil.example/staff'],
    ['a customer page', '/dashboard/case/1'],
    ['a path that only starts like the staff pages', '/staffing'],
    ['a way out of the staff pages', '/staff/../dashboard'],
    ['the log-in itself', '/staff/login'],
    ['a script', 'javascript:alert(1)'],
    ['nothing', undefined],
    ['a number', 42],
  ])('refuses %s', (_what, given) => {
    expect(staffReturnPath(given)).toBeUndefined();
  });
});
