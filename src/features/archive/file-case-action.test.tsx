import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { staffSession, type StaffRole } from '../../app/staff-session.ts';
import type { StaffCase } from '../../app/staff-cases.ts';
import { FileCaseAction } from './file-case-action.tsx';

const DAY = 24 * 60 * 60 * 1000;
const MESSAGES = Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((l) => [`Message_${l}`, 'The case was moved to the other archival category.']));
const CATEGORIES = ['Rejected 2019', 'Answered 2019', 'Leases'].map((name, index) => ({
  _id: `g${index + 1}`, name, status: 'active', createdAt: '2026-10-01T08:00:00.000Z', created_by: null,
}));
const signIn = (role: StaffRole) => staffSession.start(`x.${btoa(JSON.stringify({ id: 'staff-1', role })).replace(/=+$/, '')}.x`);
/** A case filed under "Rejected 2019", its window ending at `until`. */
const filed = (until: number) =>
  ({
    _id: 'case-1', case_number: 'HDC-2019-000010', status: 'archived',
    archive: { category: { _id: 'g1', name: 'Rejected 2019' }, archived_date: new Date(until - 30 * DAY).toISOString(), archived_by: null, refile_until: new Date(until).toISOString() },
  }) as unknown as StaffCase;

/** Review defect 9: a filing corrected within its 30 days, with a reason, the page saying until when. */
describe('moving a filed case to another category', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the move while the window is open, says until when, and sends the category and the reason', async () => {
    signIn('archivist');
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'));
      const path = new URL(request.url).pathname;
      if (path === '/staff_api/archive/categories') return Response.json(CATEGORIES);
      sent.push([path, await request.json()]);
      return Response.json({ status: 'archived', ...MESSAGES });
    }));
    await renderScreen(<FileCaseAction kase={filed(Date.UTC(2026, 11, 20, 9))} />, { path: '/staff/cases/case-1' });
    expect(screen.getByTestId('refile-until').textContent).toBe('Filed under “Rejected 2019”: it can be moved to another category until December 20, 2026.');
    fireEvent.click(screen.getByRole('button', { name: 'Move to another category' }));

    const dialog = within(await screen.findByTestId('confirm-dialog'));
    const select = dialog.getByLabelText('Archival category') as HTMLSelectElement;
    // Not the category it is under already.
    await waitFor(() => expect([...select.options].map((option) => option.textContent)).toEqual(['Choose a category', 'Answered 2019', 'Leases']));
    fireEvent.change(select, { target: { value: 'g2' } });
    const confirm = dialog.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText(/Why it moves/), { target: { value: '  It was approved, not rejected. ' } });
    expect((dialog.getByLabelText(/Why it moves/) as HTMLTextAreaElement).maxLength).toBe(2000);
    fireEvent.click(confirm);
    await waitFor(() => expect(sent).toEqual([['/staff_api/cases/case-1/refile', { category: 'g2', reason: 'It was approved, not rejected.' }]]));
  });

  it('offers nothing once the 30 days are over, nor to other roles', async () => {
    signIn('archivist');
    await renderScreen(<FileCaseAction kase={filed(Date.now() - 1000)} />, { path: '/staff/cases/case-1' });
    expect(screen.queryByRole('button', { name: 'Move to another category' })).toBeNull();
    signIn('manager');
    await renderScreen(<FileCaseAction kase={filed(Date.now() + DAY)} />, { path: '/staff/cases/case-1' });
    expect(screen.queryByRole('button', { name: 'Move to another category' })).toBeNull();
  });
});
