import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { ArchiveWorklistPage } from './archive-worklist-page.tsx';

const MESSAGES = Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((l) => [`Message_${l}`, 'x']));
const closed = (id: string, number: string) => ({
  _id: id, case_number: number, status: 'verified', late: 'no', due_date: null, createdAt: '2026-10-01T08:00:00.000Z',
  caselist: { _id: 'r1', case_name_en: 'Repair', case_name_am: 'ጥገና', case_name_or: '', case_name_tg: '', case_name_sm: '', case_name_af: '' },
  customer: { firstname: 'Almaz', middlename: '', lastname: 'Bekele', phone: '+251911000111' },
  assigned_to: null, sent_back: false, queue_answers: [],
});
const CASES = [closed('c1', 'HDC-2019-000001'), closed('c2', 'HDC-2019-000002'), closed('c3', 'HDC-2019-000003')];
const CATEGORIES = [
  { _id: 'g1', name: 'Answered 2019', status: 'active', createdAt: '2026-10-01T08:00:00.000Z', created_by: null },
  { _id: 'g2', name: 'Old', status: 'inactive', createdAt: '2026-10-01T08:00:00.000Z', created_by: null },
];

/** The worklist on a fake server: a page of three closed cases, the categories, and a bulk filing that refuses the third. */
function fakeServer() {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'));
    const path = new URL(request.url).pathname;
    if (path === '/staff_api/cases') return Response.json({ cases: CASES, currentPage: 1, totalPages: 1, counts: {} });
    if (path === '/staff_api/archive/categories') return Response.json(CATEGORIES);
    if (path === '/staff_api/cases/bulk/archive') {
      sent.push(await request.json());
      return Response.json({ results: [{ id: 'c1', ok: true }, { id: 'c2', ok: true }, { id: 'c3', ok: false, code: 'caseMoveNotAllowed' }] });
    }
    return Response.json({ code: 'notFound', ...MESSAGES }, { status: 404 });
  }));
  return sent;
}

/** Issue 24: the archivist files several closed cases of the worklist under one category at once. */
describe('bulk filing on the worklist', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('files the ticked cases under the category chosen, after saying how many, and sums up what was filed and refused', async () => {
    const sent = fakeServer();
    await renderScreen(<ArchiveWorklistPage filters={{ page: 1 }} />, { path: '/staff/archive' });
    await screen.findByText('HDC-2019-000003');
    const file = screen.getByRole('button', { name: 'File selected under this category' }) as HTMLButtonElement;
    expect(file.disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('Select all on this page'));
    expect(screen.getByText('3 selected')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Select HDC-2019-000002'));
    fireEvent.click(screen.getByLabelText('Select HDC-2019-000002'));
    const select = screen.getByLabelText('Archival category') as HTMLSelectElement;
    // Only the categories in use are offered.
    await waitFor(() => expect([...select.options].map((option) => option.textContent)).toEqual(['Choose a category', 'Answered 2019']));
    fireEvent.change(select, { target: { value: 'g1' } });
    fireEvent.click(file);

    const dialog = within(await screen.findByTestId('confirm-dialog'));
    expect(dialog.getByText(/Cases to file under “Answered 2019”: 3\./)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent).toEqual([{ case_ids: ['c1', 'c2', 'c3'], category: 'g1' }]));
    const summary = await screen.findByTestId('bulk-summary');
    expect(summary.textContent).toContain('Filed under “Answered 2019” (2): HDC-2019-000001, HDC-2019-000002');
    expect(summary.textContent).toContain('Not filed (1): HDC-2019-000003. It is filed already, or not closed.');
    expect(screen.getByText('0 selected')).toBeTruthy();
  });
});
