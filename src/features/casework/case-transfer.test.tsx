import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import type { StaffRole } from '../../app/staff-session.ts';
import type { StaffCase } from '../../app/staff-cases.ts';
import { CaseTransfer } from './case-transfer.tsx';

const names = (en: string) => ({ name_en: en, name_am: `${en} (am)`, name_or: en, name_tg: en, name_sm: en, name_af: en });
const division = (id: string, en: string) => ({ _id: id, ...names(en), status: 'active', special: 'no', description_en: '', description_am: '', description_or: '', description_tg: '', description_sm: '', description_af: '' });
const directorate = (id: string, en: string, divisionId: string, status = 'active') => ({ _id: id, ...names(en), status, division: { _id: divisionId } });

/** What the page sent to the transfer call. */
const transfers: unknown[] = [];

/** The organisation as the public calls list it: the case's own directorate, another, an inactive one, and a division with none active. */
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'));
  const { pathname } = new URL(request.url);
  if (pathname === '/division_api/get_all_divisions') {
    return Response.json([division('works', 'Works Division'), division('lease', 'Lease Division'), division('empty', 'Empty Division')]);
  }
  if (pathname === '/directorate_api/get_all_directorate') {
    return Response.json([
      directorate('roofs', 'Roofs Directorate', 'works'), directorate('pipes', 'Pipes Directorate', 'works'),
      directorate('old', 'Closed Directorate', 'works', 'inactive'), directorate('leases', 'Leases Directorate', 'lease'),
      directorate('gone', 'Gone Directorate', 'empty', 'inactive'),
    ]);
  }
  if (pathname === '/staff_api/cases/case-1/transfer' && request.method === 'POST') {
    transfers.push(await request.json());
    return Response.json({ status: 'pending', ...Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((l) => [`Message_${l}`, 'Transferred.'])) });
  }
  return new Response('{}', { status: 404 });
});

const kase = (status: StaffCase['status']) =>
  ({ _id: 'case-1', case_number: 'HDC-2019-000001', status, version: 3, directorate: { _id: 'roofs', ...names('Roofs Directorate') } }) as unknown as StaffCase;
const render = (status: StaffCase['status'], role: StaffRole) => renderScreen(<CaseTransfer kase={kase(status)} role={role} />, { path: '/staff/cases/case-1' });
const transferButton = () => screen.queryByRole('button', { name: 'Transfer to another directorate' });

describe('transferring a misrouted case', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    transfers.length = 0;
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is offered to managers and admins, for a case not yet answered', async () => {
    for (const [status, role, offered] of [
      ['pending', 'manager', true], ['ongoing', 'admin', true], ['pending', 'officer', false],
      ['responded', 'manager', false], ['verified', 'admin', false], ['rejected', 'manager', false],
    ] as const) {
      const { unmount } = await render(status, role);
      expect(Boolean(transferButton()), `${status} for a ${role}`).toBe(offered);
      unmount();
    }
  });

  it('offers every other active directorate under its division, and sends the reason with the version read', async () => {
    const { router } = await render('ongoing', 'manager');
    fireEvent.click(transferButton()!);
    const dialog = within(await screen.findByTestId('confirm-dialog'));
    const select = dialog.getByLabelText(/Directorate/) as HTMLSelectElement;
    await waitFor(() => expect(select.querySelectorAll('optgroup')).toHaveLength(2));
    const groups = [...select.querySelectorAll('optgroup')].map((group) => [group.label, [...group.querySelectorAll('option')].map((o) => o.textContent)]);
    expect(groups).toEqual([['Works Division', ['Pipes Directorate']], ['Lease Division', ['Leases Directorate']]]);

    const confirm = dialog.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'leases' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText(/Reason for the transfer/), { target: { value: '  A lease question.  ' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);

    // The case is the other directorate's now: back to the queue.
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff'));
    expect(transfers).toEqual([{ directorate_id: 'leases', reason: 'A lease question.', version: 3 }]);
  });

  it('speaks Amharic', async () => {
    await renderScreen(<CaseTransfer kase={kase('pending')} role="manager" />, { locale: 'am', path: '/staff/cases/case-1' });
    expect(screen.getByRole('button').textContent).toMatch(/[\u1200-\u137F]/);
  });
});
