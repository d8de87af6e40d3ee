import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { staffSession } from '../../app/staff-session.ts';
import { DashboardPage } from './dashboard-page.tsx';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const adminToken = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ id: 'admin-1', role: 'admin' })}.c2lnbmF0dXJl`;
const names = (en: string, am: string) => ({ name_en: en, name_am: am, name_or: en, name_tg: am, name_sm: en, name_af: en });
const rentals = { id: 'd-1', ...names('Rental Houses', 'የኪራይ ቤቶች') };

/** The figures as /staff_api/management/summary and /workload answer them, for an admin. */
const summary = {
  scope: 'all', generatedAt: '2026-11-23T09:00:00.000Z', totalCases: 9, byState: { pending: 4, ongoing: 3, verified: 2 }, lateCases: 1,
  answerTime: { answered: 2, medianDays: 3, p90Days: 4 },
  divisions: [{ id: 'v-1', ...names('Sales', 'ሽያጭ'), total: 9, byState: { pending: 4, ongoing: 3, verified: 2 }, late: 1, rating: { count: 0, average: null, distribution: [0, 0, 0, 0, 0] },
    reviews: { decisions: 8, requested: 2, changed: 1, rate: 0.25 } }],
  directorates: [{ ...rentals, division_id: 'v-1', total: 9, byState: { pending: 4, ongoing: 3, verified: 2 }, late: 1 }],
  accusations: null,
  weekly: [{ weekStart: '2026-11-16', filed: 5, answered: 2 }],
  recentComments: [],
};
const workload = {
  scope: 'all', generatedAt: '2026-11-23T09:00:00.000Z', monthStart: '2026-11-10',
  officers: [
    { id: 'o-1', firstname: 'Almaz', middlename: '', lastname: 'Bekele', role: 'officer', active: true, directorate: rentals, open: 7, late: 2, answeredThisMonth: 5, medianWorkingDays: 3.5 },
    { id: 'o-2', firstname: 'Chaltu', middlename: '', lastname: 'Dawit', role: 'officer', active: false, directorate: rentals, open: 1, late: 0, answeredThisMonth: 0, medianWorkingDays: null },
  ],
};

describe('the dashboard', () => {
  beforeEach(() => {
    staffSession.start(adminToken);
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      return Response.json(url.includes('/workload') ? workload : summary);
    }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en', 'Answered this month', 'Rental Houses', 'inactive', 'November 10, 2026'],
    ['am', 'በዚህ ወር ምላሽ የተሰጣቸው', 'የኪራይ ቤቶች', 'ንቁ ያልሆነ', '1 ኅዳር 2019 ዓ.ም.'],
  ] as const)('writes out each officer’s workload, and the numbers of its bars, in %s', async (locale, answered, directorate, inactive, since) => {
    await renderScreen(<Suspense><DashboardPage /></Suspense>, { locale, path: '/staff/dashboard' });
    const [table] = await screen.findAllByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(table).getByRole('columnheader', { name: answered })).toBeTruthy();
    expect(rows[1].textContent).toBe(`Almaz Bekele${directorate}7253.5`);
    expect(rows[2].textContent).toBe(`Chaltu Dawit (${inactive})${directorate}100—`);
    expect(document.body.textContent).toContain(since);
    // Each bar's numbers are written under it, not only in a tooltip a phone cannot show.
    const [bars] = screen.getAllByRole('img');
    expect(bars.textContent).toMatch(/4.*3.*2/);
  });

  it.each([
    ['en', ['Division', 'Decisions', 'Reviews asked for', 'Review rate', 'Changed'], ['Sales', '8', '2', '25%', '1']],
    ['am', ['ዘርፍ', 'ውሳኔዎች', 'የተጠየቁ ግምገማዎች', 'የግምገማ መጠን', 'ተቀይሯል'], ['ሽያጭ', '8', '2', '25%', '1']],
  ] as const)('writes out each division’s review rate (issue 25) in %s', async (locale, header, row) => {
    await renderScreen(<Suspense><DashboardPage /></Suspense>, { locale, path: '/staff/dashboard' });
    const table = await screen.findByTestId('review-rates');
    const [head, sales] = within(table).getAllByRole('row');
    expect(within(head).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(header);
    expect([within(sales).getByRole('rowheader'), ...within(sales).getAllByRole('cell')].map((cell) => cell.textContent)).toEqual(row);
  });

  it('counts cases waiting for the customer and under review among the states (issue 25)', async () => {
    const byState = { ongoing: 3, waiting_customer: 2, under_review: 1 };
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => Response.json(String(input instanceof Request ? input.url : input).includes('/workload')
      ? workload : { ...summary, divisions: [{ ...summary.divisions[0], byState }] })));
    await renderScreen(<Suspense><DashboardPage /></Suspense>, { path: '/staff/dashboard' });
    const [bars] = await screen.findAllByRole('img');
    expect(bars.textContent).toContain('waiting for the customer 2');
    expect(bars.textContent).toContain('under review 1');
  });

  /** The dashboard with these rating comments in its summary. */
  async function dashboardWith(recentComments: object[], locale: 'en' | 'am' = 'en') {
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) =>
      Response.json(String(input instanceof Request ? input.url : input).includes('/workload') ? workload : { ...summary, recentComments })));
    await renderScreen(<Suspense><DashboardPage /></Suspense>, { locale, path: '/staff/dashboard' });
  }

  it.each([
    ['en', 'Recent comments', ['HDC-2019-0000312 of 5 starsNovember 22, 2026Nobody answered the phone.', 'HDC-2019-0000125 of 5 starsNovember 20, 2026The officer called me back the same day.']],
    ['am', 'የቅርብ ጊዜ አስተያየቶች', ['HDC-2019-000031ከ5 ኮከቦች 213 ኅዳር 2019 ዓ.ም.Nobody answered the phone.', 'HDC-2019-000012ከ5 ኮከቦች 511 ኅዳር 2019 ዓ.ም.The officer called me back the same day.']],
  ] as const)('lists the newest rating comments with case number, stars, day and text, in %s (issue 25)', async (locale, title, rows) => {
    await dashboardWith([
      { case_number: 'HDC-2019-000031', rate: 2, comment: 'Nobody answered the phone.', at: '2026-11-22T11:00:00.000Z' },
      { case_number: 'HDC-2019-000012', rate: 5, comment: 'The officer called me back the same day.', at: '2026-11-20T07:00:00.000Z' },
    ], locale);
    const card = (await screen.findByRole('heading', { name: title })).closest('section')!;
    expect(within(card).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(rows);
  });

  it('says so while no rating has a comment', async () => {
    await dashboardWith([]);
    const card = (await screen.findByRole('heading', { name: 'Recent comments' })).closest('section')!;
    expect(card.textContent).toContain('No comments with the ratings yet.');
    expect(within(card).queryByRole('table')).toBeNull();
  });
});
