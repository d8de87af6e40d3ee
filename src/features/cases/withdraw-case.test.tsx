import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { startPwa } from '../../app/pwa.ts';
import type { Case } from './api.ts';
import { StatusBadge } from './status-badge.tsx';
import { WithdrawCase } from './withdraw-case.tsx';

/** A case as getCaseById answers it; only what the withdrawal reads matters. */
const kase = (status: Case['status']) => ({ _id: 'case-1', case_number: 'HDC-2019-000042', status }) as unknown as Case;

describe('withdrawing a case (issue 28)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for confirmation first, then withdraws and reads the cases again', async () => {
    const sent: [string, string][] = [];
    vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
      sent.push([request.method, new URL(request.url).pathname]);
      return Response.json({ status: 'withdrawn', Message_en: 'Your case was withdrawn.' });
    }));
    const { queryClient } = await renderScreen(<WithdrawCase kase={kase('ongoing')} />, { path: '/dashboard/case/case-1' });
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw this case' }));
    // The confirmation names the case and says it cannot be undone; nothing is sent yet.
    expect(screen.getByRole('alertdialog').textContent).toContain('Withdraw case HDC-2019-000042? The corporation stops working on it, and you cannot undo this.');
    expect(sent).toEqual([]);
    // Keeping the case goes back without sending anything.
    fireEvent.click(screen.getByRole('button', { name: 'Keep the case' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw this case' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, withdraw the case' }));
    await waitFor(() => expect(sent).toEqual([['POST', '/customer_case_api/withdraw_case/case-1']]));
    await waitFor(() => expect(invalidated).toHaveBeenCalledWith({ queryKey: ['customer', 'cases'] }));
  });

  it('speaks Amharic', async () => {
    await renderScreen(<WithdrawCase kase={kase('pending')} />, { locale: 'am', path: '/dashboard/case/case-1' });
    fireEvent.click(screen.getByRole('button', { name: 'ይህን ጉዳይ ይሰርዙ' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('ጉዳይ HDC-2019-000042 ይሰረዝ?');
    expect(screen.getByRole('button', { name: 'አዎ፣ ጉዳዩን ሰርዝ' })).toBeTruthy();
  });

  it.each(['responded', 'verified', 'rejected', 'under_review', 'withdrawn'] as const)('is not offered on a %s case', async (status) => {
    await renderScreen(<WithdrawCase kase={kase(status)} />, { path: '/dashboard/case/case-1' });
    expect(screen.queryByTestId('withdraw-case')).toBeNull();
  });

  it('says offline that it needs a connection, and lets nothing be sent', async () => {
    startPwa();
    window.dispatchEvent(new Event('offline'));
    try {
      await renderScreen(<WithdrawCase kase={kase('waiting_customer')} />, { path: '/dashboard/case/case-1' });
      expect(screen.getByRole('status').textContent).toBe('You are offline. Withdrawing a case needs a connection to the server.');
      expect((screen.getByRole('button', { name: 'Withdraw this case' }) as HTMLButtonElement).disabled).toBe(true);
    } finally {
      window.dispatchEvent(new Event('online'));
    }
  });

  it('has its own badge, on lists too, in English and Amharic', async () => {
    await renderScreen(<><StatusBadge status="withdrawn" /><StatusBadge status="withdrawn" onList /></>);
    expect(screen.getAllByTestId('badge-withdrawn').map((badge) => badge.textContent)).toEqual(['withdrawn', 'withdrawn']);
    await renderScreen(<StatusBadge status="withdrawn" />, { locale: 'am' });
    expect(screen.getAllByTestId('badge-withdrawn').at(-1)!.textContent).toBe('ተሰርዟል');
  });
});
