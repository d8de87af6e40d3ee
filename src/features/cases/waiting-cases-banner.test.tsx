import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { DashboardHome } from './dashboard-home.tsx';

const names = (name: string) => Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((l) => [`case_name_${l}`, name]));
const row = (id: string, number: string, status: string) => ({ _id: id, case_number: number, status, createdAt: '2026-11-20T07:00:00.000Z', caselist: { _id: 'r1', ...names('Rental agreement renewal') } });

/** The customer's server: the summary, the recent cases, and the list filtered by status as asked. */
function serverWith(waiting: ReturnType<typeof row>[]) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname}${url.search}`);
    if (url.pathname.endsWith('/get_case_cust')) {
      return Response.json({ totalCases: 3, pendingCases: 0, processingCases: 2, respondedCases: 1, rejectedCases: 0 });
    }
    const status = url.searchParams.get('status');
    const cases = status ? waiting.filter((kase) => kase.status === status) : [...waiting, row('c3', 'HDC-2019-000003', 'verified')];
    return Response.json({ cases, currentPage: 1, totalPages: 1 });
  }));
  return asked;
}

describe('the dashboard’s banner for cases waiting for the customer (issue 25)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('comes above the five cards and links to each waiting case; the cards and recent cases stay', async () => {
    const asked = serverWith([row('c1', 'HDC-2019-000001', 'waiting_customer'), row('c2', 'HDC-2019-000002', 'waiting_customer')]);
    await renderScreen(<DashboardHome />, { path: '/dashboard' });
    const banner = await screen.findByTestId('waiting-cases-banner');
    expect(within(banner).getByRole('heading').textContent).toBe('The corporation asks you for something');
    expect(within(banner).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['HDC-2019-000001', '/dashboard/case/c1'],
      ['HDC-2019-000002', '/dashboard/case/c2'],
    ]);
    expect(asked).toContain('/customer_case_api/get_case?page=1&sort=-1&status=waiting_customer');
    const cards = screen.getByTestId('summary-total').parentElement!;
    expect(banner.compareDocumentPosition(cards)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(cards.children).toHaveLength(5);
    await waitFor(() => expect(screen.getByTestId('summary-processing').textContent).toContain('2'));
  });

  it('is not there when nothing waits for the customer', async () => {
    serverWith([row('c1', 'HDC-2019-000001', 'ongoing')]);
    await renderScreen(<DashboardHome />, { path: '/dashboard' });
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toContain('3'));
    expect(screen.queryByTestId('waiting-cases-banner')).toBeNull();
  });
});
