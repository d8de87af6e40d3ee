import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSearch } from '@tanstack/react-router';
import { renderScreen } from '../../testing/render.tsx';
import type { QueueFilters, QueuedCase } from '../../app/staff-cases.ts';
import { CaseSearchField, QueueResults, useQueueSearch } from './queue-controls.tsx';
import { Pager } from './pager.tsx';

const TOTAL_PAGES = 3;

/** A queued case as the server lists it. */
const queued = (caseNumber: string): QueuedCase => ({
  _id: `id-${caseNumber}`,
  case_number: caseNumber,
  status: 'pending',
  late: 'no',
  due_date: null,
  createdAt: '2026-11-20T08:00:00Z',
  caselist: { _id: 'c1', case_name_en: 'Title deed', case_name_am: '', case_name_or: '', case_name_tg: '', case_name_sm: '', case_name_af: '' },
  customer: { firstname: 'Abebe', middlename: 'Kebede', lastname: 'Tesfaye', phone: '0911000000' },
  assigned_to: null,
  sent_back: false,
  queue_answers: [],
});

/** The queue's answers: one case a page, three pages; a search finds one case on one page, or none. */
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
  if (url.pathname !== '/staff_api/cases') return new Response('{}', { status: 404 });
  const page = Number(url.searchParams.get('page') ?? 1);
  const q = url.searchParams.get('q');
  const body =
    q === 'nothing'
      ? { cases: [], currentPage: 1, totalPages: 1 }
      : q
        ? { cases: [queued(`HDC-${q}`)], currentPage: 1, totalPages: 1 }
        : { cases: [queued(`HDC-000${page}`)], currentPage: page, totalPages: TOTAL_PAGES };
  return Response.json(body);
});

/** A queue screen built of the shared controls, its filters in the URL as /staff keeps them. */
function Queue() {
  const search = useSearch({ strict: false }) as Partial<QueueFilters>;
  const filters = { ...search, page: search.page ?? 1 } as QueueFilters;
  return <QueueScreen key={filters.q ?? ''} filters={filters} />;
}

function QueueScreen({ filters }: { filters: QueueFilters }) {
  const { list, text, setText, go, search } = useQueueSearch(filters, '/staff');
  return (
    <>
      <form role="search" onSubmit={search}>
        <CaseSearchField value={text} onChange={setText} />
        <button type="submit">Search</button>
      </form>
      <QueueResults list={list} empty="No cases match." />
      <Pager current={list.data?.currentPage ?? filters.page} total={list.data?.totalPages ?? 1} onPage={(page) => go({ page })} />
    </>
  );
}

const pager = () => within(screen.getByRole('navigation', { name: 'Pages' }));
const previous = () => pager().getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
const next = () => pager().getByRole('button', { name: 'Next' }) as HTMLButtonElement;

describe('the staff queue controls', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('searches: the typed text goes into the URL as q, back on page 1, the other filters kept', async () => {
    const { router } = await renderScreen(<Queue />, { path: '/staff?page=2&status=pending' });
    expect(await screen.findByRole('link', { name: 'HDC-0002' })).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Case number, phone or name' }), { target: { value: '  0042 ' } });
    fireEvent.submit(screen.getByRole('search'));

    await waitFor(() => expect(router.state.location.search).toEqual({ page: 1, status: 'pending', q: '0042' }));
    expect(router.state.location.pathname).toBe('/staff');
    expect(await screen.findByRole('link', { name: 'HDC-0042' })).toBeTruthy();
    const asked = new URL((fetchMock.mock.lastCall![0] as Request).url);
    expect(Object.fromEntries(asked.searchParams)).toEqual({ page: '1', status: 'pending', q: '0042' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Case number, phone or name' }).value).toBe('0042');
  });

  it('says so when nothing matches, and a blank search drops q', async () => {
    const { router } = await renderScreen(<Queue />, { path: '/staff?q=nothing' });
    expect(await screen.findByText('No cases match.')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Case number, phone or name' }), { target: { value: '   ' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 1 }));
  });

  it('pages: Previous is disabled on page 1, Next on the last page', async () => {
    const { router } = await renderScreen(<Queue />, { path: '/staff' });
    expect(await screen.findByRole('link', { name: 'HDC-0001' })).toBeTruthy();
    expect(pager().getByText('1 of 3')).toBeTruthy();
    expect(previous().disabled).toBe(true);
    expect(next().disabled).toBe(false);

    fireEvent.click(next());
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    expect(await screen.findByRole('link', { name: 'HDC-0002' })).toBeTruthy();
    expect(previous().disabled).toBe(false);
    expect(next().disabled).toBe(false);

    fireEvent.click(next());
    expect(await screen.findByRole('link', { name: 'HDC-0003' })).toBeTruthy();
    expect(pager().getByText('3 of 3')).toBeTruthy();
    expect(next().disabled).toBe(true);
    expect(previous().disabled).toBe(false);

    fireEvent.click(previous());
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
  });
});
