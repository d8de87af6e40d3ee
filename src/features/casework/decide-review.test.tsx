import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { staffSession, type StaffRole } from '../../app/staff-session.ts';
import type { StaffCase, StaffHistoryEntry } from '../../app/staff-cases.ts';
import { DecideReview } from './decide-review.tsx';
import { CaseHistory } from './case-history.tsx';
import { Toaster } from '../../ui/toast.tsx';

/** A staff token for this tab, as the sign-in leaves it: only its claims matter to the screens. */
const signIn = (id: string, role: StaffRole) => staffSession.start(`x.${btoa(JSON.stringify({ id, role })).replace(/=+$/, '')}.x`);
const entry = (action: string, by: string | null, at: string): StaffHistoryEntry => ({
  action, from: null, to: 'ongoing', by: by ? { _id: by, role: 'manager' } : null, actor_name: by, by_customer: by === null, assigned_to: null, note: null, at,
});
/** A rejection by manager-1, then the customer's request for a review, as staffGetCase answers it. */
const underReview = {
  _id: 'case-1', case_number: 'HDC-2019-000001', status: 'under_review', version: 7,
  review: {
    reason: 'My documents were complete.', requested_at: '2026-12-01T07:00:00.000Z', due_date: '2026-12-15',
    outcome: null, justification: null, decided_at: null, letter: null,
  },
  history: [
    entry('file', null, '2026-11-20T06:00:00.000Z'),
    entry('take', 'officer-1', '2026-11-21T06:00:00.000Z'),
    entry('reject', 'manager-1', '2026-11-24T06:00:00.000Z'),
    entry('request_review', null, '2026-12-01T07:00:00.000Z'),
  ],
} as unknown as StaffCase;

describe('deciding the review of a decision (issue 25)', () => {
  afterEach(() => {
    staffSession.clear();
    vi.unstubAllGlobals();
  });

  it('shows staff the customer’s reason, and offers an officer no decision', async () => {
    signIn('officer-1', 'officer');
    await renderScreen(<DecideReview kase={underReview} role="officer" />, { path: '/staff/cases/case-1' });
    const part = screen.getByTestId('staff-review');
    expect(within(screen.getByTestId('review-details')).getByText('My documents were complete.')).toBeTruthy();
    expect(part.textContent).toContain('December 15, 2026');
    expect(within(part).queryByRole('button', { name: 'Decide the review' })).toBeNull();
  });

  it('tells the manager who rejected the case that another manager decides, and offers no form', async () => {
    signIn('manager-1', 'manager');
    await renderScreen(<DecideReview kase={underReview} role="manager" />, { path: '/staff/cases/case-1' });
    expect(screen.getByTestId('review-needs-another').textContent).toBe(
      'You took part in this decision: another manager of the directorate must decide its review.',
    );
    expect(screen.queryByRole('button', { name: 'Decide the review' })).toBeNull();
  });

  it('lets another manager decide: an outcome and a justification, sent with the version read', async () => {
    signIn('manager-2', 'manager');
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
      sent.push([new URL(request.url).pathname, await request.json()]);
      return Response.json({ status: 'ongoing', ...Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((l) => [`Message_${l}`, 'Review decided.'])) });
    }));
    await renderScreen(<DecideReview kase={underReview} role="manager" />, { path: '/staff/cases/case-1' });
    expect(screen.queryByTestId('review-needs-another')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Decide the review' }));
    const dialog = within(await screen.findByTestId('confirm-dialog'));
    const confirm = dialog.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    // Both an outcome and a justification are needed.
    fireEvent.change(dialog.getByLabelText(/Justification/), { target: { value: 'The lease was in the file after all.' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.click(dialog.getByRole('radio', { name: 'Changed: the case is answered again' }));
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(sent).toEqual([
      ['/staff_api/cases/case-1/decide_review', { outcome: 'changed', justification: 'The lease was in the file after all.', version: 7 }],
    ]));
  });

  it('says a refusal in the server’s words (a manager the server finds took part)', async () => {
    signIn('manager-3', 'manager');
    vi.stubGlobal('fetch', vi.fn(async () => Response.json(
      { code: 'reviewNeedsAnotherManager', ...Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((l) => [`Message_${l}`, 'Another manager must decide this review.'])) },
      { status: 403 },
    )));
    await renderScreen(<><DecideReview kase={underReview} role="manager" /><Toaster /></>, { path: '/staff/cases/case-1' });
    fireEvent.click(screen.getByRole('button', { name: 'Decide the review' }));
    const dialog = within(await screen.findByTestId('confirm-dialog'));
    fireEvent.click(dialog.getByRole('radio', { name: 'Upheld: the decision stands' }));
    fireEvent.change(dialog.getByLabelText(/Justification/), { target: { value: 'It stands.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Another manager must decide this review.')).toBeTruthy();
  });

  it('names the two new moves in the history', async () => {
    await renderScreen(<CaseHistory history={[...underReview.history, entry('decide_review', 'manager-2', '2026-12-03T07:00:00.000Z')]} />);
    const items = within(screen.getByTestId('staff-history')).getAllByRole('listitem');
    expect(items[3].querySelector('strong')?.textContent).toBe('Review requested by the customer');
    expect(items[4].querySelector('strong')?.textContent).toBe('Review decided');
  });
});
