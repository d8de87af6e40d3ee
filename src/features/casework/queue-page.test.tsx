import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSearch } from '@tanstack/react-router';
import { renderScreen } from '../../testing/render.tsx';
import { staffSession } from '../../app/staff-session.ts';
import type { QueueFilters, QueuedCase } from '../../app/staff-cases.ts';
import { QueuePage } from './queue-page.tsx';
import { rememberedView } from './remembered-view.ts';

const six = (prefix: string, text: string) => Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((lang) => [`${prefix}_${lang}`, `${text} ${lang}`]));

/** A queued case as the server lists it; the second is a sent-back one, the first answers the urgency question. */
const queued = (n: number, extra: Partial<QueuedCase> = {}): QueuedCase => ({
  _id: `case-${n}`,
  case_number: `HDC-2026-00000${n}`,
  status: 'pending',
  late: 'no',
  due_date: '2026-12-03',
  createdAt: '2026-11-20T08:00:00Z',
  caselist: { _id: 'r1', ...six('case_name', 'Title deed') } as QueuedCase['caselist'],
  customer: { firstname: 'Abebe', middlename: '', lastname: 'Kebede', phone: '+251911000000' },
  assigned_to: null,
  sent_back: false,
  queue_answers: [],
  ...extra,
});
const CASES = [
  queued(1, { queue_answers: [{ question: six('name', 'How urgent is it?') as never, answer: 'o1', option: six('value', 'Urgent (today)') as never }] }),
  queued(2, { status: 'ongoing', sent_back: true }),
  queued(3),
];
const COUNTS = { mine: 4, unassigned: 3, sent_back: 1, due_soon: 2, late: 0, open: 9 };

/** The queue's answers, and the bulk moves': the second case is refused, the others moved. */
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'));
  const url = new URL(request.url);
  if (url.pathname === '/staff_api/cases') return Response.json({ cases: CASES, currentPage: 1, totalPages: 1, counts: COUNTS });
  if (url.pathname === '/staff_api/officers') return Response.json([{ _id: 'officer-2', firstname: 'Meron', middlename: '', lastname: 'Tadesse', openCases: 2 }]);
  if (url.pathname.startsWith('/staff_api/cases/bulk/')) {
    const { case_ids: ids } = (await request.json()) as { case_ids: string[] };
    return Response.json({ results: ids.map((id) => (id === 'case-2' ? { id, ok: false, code: 'caseMoveNotAllowed' } : { id, ok: true })) });
  }
  return new Response('{}', { status: 404 });
});
const calls = (path: string) => fetchMock.mock.calls.map(([input]) => input as Request).filter((request) => new URL(request.url).pathname === path);

function Queue() {
  const search = useSearch({ strict: false }) as Partial<QueueFilters>;
  return <QueuePage filters={{ ...search, page: search.page ?? 1 } as QueueFilters} />;
}
const signIn = (id: string, role: string) => staffSession.start(`x.${btoa(JSON.stringify({ id, role })).replace(/=+$/, '')}.x`);

describe('the queue page', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    staffSession.clear();
  });

  it("offers an officer their role's views with counts, the current one marked; a view goes into the URL and is remembered for them", async () => {
    signIn('officer-1', 'officer');
    const { router } = await renderScreen(<Queue />, { path: '/staff?view=mine' });
    const bar = within(await screen.findByRole('navigation', { name: 'Views' }));
    await waitFor(() => expect(bar.getByRole('link', { name: 'My work 4' })).toBeTruthy());
    expect(bar.getAllByRole('link').map((link) => link.textContent)).toEqual(
      ['My work4', 'Unassigned3', 'Sent back1', 'Due within 2 working days2', 'Late0', 'All open9'],
    );
    expect(bar.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent)).toEqual(['My work4']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My work');
    expect(rememberedView.get('officer-1', 'officer')).toBe('mine');

    fireEvent.click(bar.getByRole('link', { name: 'Sent back 1' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ view: 'sent_back' }));
    await waitFor(() => expect(rememberedView.get('officer-1', 'officer')).toBe('sent_back'));
    // Another staff user at this computer keeps their own; an officer never gets a manager's view.
    expect(rememberedView.get('officer-2', 'officer')).toBeUndefined();
    rememberedView.set('officer-1', 'approval');
    expect(rememberedView.get('officer-1', 'officer')).toBeUndefined();

    // Open states only, and the order in the URL.
    const states = within(screen.getByRole('combobox', { name: 'State' })).getAllByRole('option').map((option) => option.textContent);
    expect(states).toEqual(['All states', 'new', 'in progress', 'waiting for approval', 'waiting for the customer', 'under review']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: 'age' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ view: 'sent_back', page: 1, sort: 'age' }));
    expect(new URL(calls('/staff_api/cases').at(-1)!.url).searchParams.get('sort')).toBe('age');
  });

  it('shows a sent-back case with its badge and the answers an admin shows in the queue as a column', async () => {
    signIn('officer-1', 'officer');
    await renderScreen(<Queue />, { path: '/staff', locale: 'am' });
    const table = await screen.findByTestId('case-queue');
    const rows = within(table).getAllByTestId('queued-case');
    expect(within(table).getByRole('columnheader', { name: 'How urgent is it? am' })).toBeTruthy();
    expect(within(rows[0]).getByText('Urgent (today) am')).toBeTruthy();
    expect(within(rows[1]).getByText('ተመልሷል')).toBeTruthy();
    expect(within(rows[0]).queryByText('ተመልሷል')).toBeNull();
  });

  it('takes the cases ticked on the page at once and says what was taken and what was refused, and why', async () => {
    signIn('officer-1', 'officer');
    await renderScreen(<Queue />, { path: '/staff' });
    await screen.findByTestId('case-queue');
    const take = screen.getByRole('button', { name: 'Take selected' }) as HTMLButtonElement;
    expect(take.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('3 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select HDC-2026-000003' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select HDC-2026-000003' }));
    fireEvent.click(take);

    const summary = await screen.findByTestId('bulk-summary');
    expect(summary.textContent).toContain('Taken (2): HDC-2026-000001, HDC-2026-000003');
    expect(summary.textContent).toContain('Not moved (1): HDC-2026-000002. Its state does not allow this move.');
    expect(await calls('/staff_api/cases/bulk/take')[0].clone().json()).toEqual({ case_ids: ['case-1', 'case-2', 'case-3'] });
    expect(screen.getByText('0 selected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign selected' })).toBeNull();
  });

  it("lets a manager assign the ticked cases to one of the directorate's officers", async () => {
    signIn('manager-1', 'manager');
    await renderScreen(<Queue />, { path: '/staff?view=unassigned' });
    await screen.findByTestId('case-queue');
    expect(within(screen.getByRole('navigation', { name: 'Views' })).getByRole('link', { name: /Waiting for my approval/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select HDC-2026-000001' }));
    const assign = screen.getByRole('button', { name: 'Assign selected' }) as HTMLButtonElement;
    expect(assign.disabled).toBe(true);
    await screen.findByRole('option', { name: 'Meron Tadesse (2 open)' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Assign selected to' }), { target: { value: 'officer-2' } });
    fireEvent.click(assign);
    expect((await screen.findByTestId('bulk-summary')).textContent).toContain('Assigned (1): HDC-2026-000001');
    expect(await calls('/staff_api/cases/bulk/assign')[0].clone().json()).toEqual({ case_ids: ['case-1'], officer_id: 'officer-2' });
  });

  it('offers no bulk move in the approval view: a response is approved on its own page', async () => {
    signIn('manager-1', 'manager');
    await renderScreen(<Queue />, { path: '/staff?view=approval' });
    await screen.findByTestId('case-queue');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Waiting for my approval');
    expect(screen.queryByRole('checkbox', { name: 'Select all on this page' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select HDC-2026-000001' })).toBeNull();
  });
});
