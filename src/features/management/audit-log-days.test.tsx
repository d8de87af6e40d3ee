import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { staffSession } from '../../app/staff-session.ts';
import { AuditLogPage } from './audit-log-page.tsx';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const managerToken = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ id: 'manager-1', role: 'manager' })}.c2lnbmF0dXJl`;

/** The audit log's from/to are days in the reader's calendar, refused in the app's words (issue 24, review defect 11). */
describe('the audit log’s days', () => {
  beforeEach(() => {
    staffSession.start(managerToken);
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ entries: [], names: {}, currentPage: 1, totalPages: 1 })));
  });
  afterEach(() => {
    cleanup();
    staffSession.clear();
    vi.unstubAllGlobals();
  });

  it('takes Ethiopian days in Amharic and refuses a range that ends before it starts', async () => {
    const { router } = await renderScreen(() => <AuditLogPage filters={{}} />, { locale: 'am', path: '/staff/audit' });
    const [from, to] = screen.getAllByRole('group');
    const pick = (group: HTMLElement, day: string, month: string, year: string) => {
      const [daySelect, monthSelect, yearSelect] = within(group).getAllByRole('combobox');
      fireEvent.change(daySelect, { target: { value: day } });
      fireEvent.change(monthSelect, { target: { value: month } });
      fireEvent.change(yearSelect, { target: { value: year } });
    };
    pick(from, '25', '3', '2019');
    pick(to, '1', '3', '2019');
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByText('የመጀመሪያው ቀን ከመጨረሻው ቀን በኋላ መሆን የለበትም።')).toBeTruthy();
    expect(router.state.location.search).toEqual({});

    pick(to, '30', '3', '2019');
    fireEvent.submit(screen.getByRole('search'));
    await vi.waitFor(() => expect(router.state.location.search).toMatchObject({ from: '2026-12-04', to: '2026-12-09' }));
  });
});
