import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { PerformancePage } from './performance-page.tsx';
import type { CorporationMonth, PerformanceData } from './api.ts';

const MONTHS = ['2030-07', '2030-08', '2030-09', '2030-10', '2030-11', '2030-12', '2031-01', '2031-02', '2031-03', '2031-04', '2031-05', '2031-06'];
const TOO_FEW = { value: null, reason: 'too_few_cases' as const };
const shown = (value: number) => ({ value, reason: null });

/** Every month withheld, except May 2031: 12 filed, half answered by the due day, 4.5 days, 3.8 stars, 10 accusations. */
const month = (name: string): CorporationMonth => name === '2031-05'
  ? { month: name, cases_filed: shown(12), cases_answered: shown(10), answered_by_due_share: shown(0.5), median_working_days: shown(4.5), ratings: shown(10),
      satisfaction_average: shown(3.8), accusations_received: shown(10), accusations_closed: TOO_FEW }
  : { month: name, cases_filed: TOO_FEW, cases_answered: TOO_FEW, answered_by_due_share: TOO_FEW, median_working_days: TOO_FEW, ratings: TOO_FEW,
      satisfaction_average: TOO_FEW, accusations_received: TOO_FEW, accusations_closed: TOO_FEW };
const withoutAccusations = ({ accusations_received: _r, accusations_closed: _c, ...rest }: CorporationMonth) => rest;

const data: PerformanceData = {
  schema_version: '1.0', generated_at: '2031-06-16T09:00:00.000Z',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', attribution: 'Housing Development Corporation' },
  publisher: 'Housing Development Corporation', documentation: 'docs/open-data.md', minimum_cases: 10, time_zone: 'Africa/Addis_Ababa',
  months: MONTHS, reasons: { too_few_cases: 'Too few to show' },
  corporation: { months: MONTHS.map(month) },
  divisions: [{
    id: '00000000-0000-4000-8000-000000000001', name_en: 'Rental Houses', name_am: 'የኪራይ ቤቶች', name_or: 'Rental Houses', name_tg: 'የኪራይ ቤቶች',
    name_sm: 'Rental Houses', name_af: 'Rental Houses',
    months: MONTHS.map((name) => (name === '2031-04' ? { ...withoutAccusations(month('2031-05')), month: name } : withoutAccusations(month('x')))).map((m, i) => ({ ...m, month: MONTHS[i] })),
  }],
};

/** The rows of the metric's table, as "month | cell" with whether the cell draws a bar. */
function rowsOf(metric: string) {
  const table = within(document.querySelector(`[data-metric="${metric}"]`) as HTMLElement).getByRole('table');
  return within(table).getAllByRole('row').slice(1).map((row) => ({
    month: within(row).getByRole('rowheader').textContent,
    cell: within(row).getByRole('cell').textContent,
    bar: row.querySelector('.performance-bar') !== null,
  }));
}

describe('the public performance page', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      expect(String(input instanceof Request ? input.url : input)).toMatch(/\/open-data\/performance\.json$/);
      return Response.json(data);
    }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en', 'Too few to show', 'May 2031', 'Jun 2031', '50%', '3.8 / 5', 'Rental Houses', 'The whole corporation'],
    ['am', 'ለማሳየት በጣም ጥቂት', 'ሜይ 2031', 'ጁን 2031', '50%', '3.8 / 5', 'የኪራይ ቤቶች', 'መላው ኮርፖሬሽን'],
  ] as const)('writes "too few to show" where a figure is withheld, and the number beside its bar where not, in %s', async (locale, tooFew, may, june, share, rating, division, corporation) => {
    await renderScreen(<PerformancePage />, { locale, path: '/performance' });
    await screen.findByRole('heading', { level: 2, name: corporation });
    const filed = rowsOf('cases_filed');
    expect(filed).toHaveLength(12);
    expect(filed[10]).toEqual({ month: may, cell: '12', bar: true });
    expect(filed[11]).toEqual({ month: june, cell: tooFew, bar: false });
    expect(filed.filter((row) => row.cell === tooFew)).toHaveLength(11);
    expect(rowsOf('answered_by_due_share')[10].cell).toBe(share);
    expect(rowsOf('median_working_days')[10].cell).toBe('4.5');
    expect(rowsOf('satisfaction_average')[10].cell).toBe(rating);
    expect(rowsOf('accusations_received')[10].cell).toBe('10');
    expect(rowsOf('accusations_closed')[10]).toMatchObject({ cell: tooFew, bar: false });
    // The bar is drawn to scale and hidden from screen readers, which read the number.
    const bar = document.querySelector('[data-metric="answered_by_due_share"] .performance-bar') as HTMLElement;
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    expect((bar.firstElementChild as HTMLElement).style.inlineSize).toBe('50%');

    // A division: its own figures, and no accusations (counted corporation-wide only).
    fireEvent.change(screen.getByRole('combobox'), { target: { value: data.divisions[0].id } });
    await screen.findByRole('heading', { level: 2, name: division });
    expect(rowsOf('cases_filed')[9]).toEqual({ month: expect.any(String), cell: '12', bar: true });
    expect(rowsOf('cases_filed')[10]).toMatchObject({ cell: tooFew, bar: false });
    expect(document.querySelector('[data-metric="accusations_received"]')).toBeNull();
  });

  it('links the CSV and the JSON, and names the licence', async () => {
    await renderScreen(<PerformancePage />, { path: '/performance' });
    expect((await screen.findByRole('link', { name: 'Download CSV' })).getAttribute('href')).toBe('/open-data/performance.csv');
    expect(screen.getByRole('link', { name: 'Download JSON' }).getAttribute('href')).toBe('/open-data/performance.json');
    expect(document.body.textContent).toContain('Free to reuse under the CC BY 4.0 licence, with attribution.');
    expect(document.body.textContent).toContain('fewer than 10 cases');
  });
});
