import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { ArchiveSearchPage } from './archive-search-page.tsx';

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input instanceof Request ? input.url : input);
  const body = url.includes('categor') ? [] : { cases: [], currentPage: 1, totalPages: 1 };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
});

/** The archive's day filters refuse, in the app's words, what they cannot search (issue 24, review defect 11). */
describe('the archive search’s days', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses a range that ends before it starts, and searches it once set right', async () => {
    const { router } = await renderScreen(() => <ArchiveSearchPage search={{ page: 1 }} />, { path: '/staff/archive/search' });
    fireEvent.change(screen.getByLabelText('Archived from'), { target: { value: '2026-12-05' } });
    fireEvent.change(screen.getByLabelText('Archived to'), { target: { value: '2026-12-01' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByText('The first day must not be after the last day.')).toBeTruthy();
    expect(screen.getByLabelText('Archived to').getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.search).toEqual({});

    fireEvent.change(screen.getByLabelText('Archived to'), { target: { value: '2026-12-05' } });
    fireEvent.submit(screen.getByRole('search'));
    await vi.waitFor(() => expect(router.state.location.search).toMatchObject({ from: '2026-12-05', to: '2026-12-05', page: 1 }));
    expect(screen.queryByText('The first day must not be after the last day.')).toBeNull();
  });

  it('refuses in Tigrinya an Ethiopian day that does not exist', async () => {
    const { router } = await renderScreen(() => <ArchiveSearchPage search={{ page: 1 }} />, { locale: 'ti', path: '/staff/archive/search' });
    const from = screen.getAllByRole('group')[0];
    const [day, month, year] = [...from.querySelectorAll('select')];
    fireEvent.change(day, { target: { value: '6' } });
    fireEvent.change(month, { target: { value: '13' } });
    fireEvent.change(year, { target: { value: '2018' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByText('እዚ ዕለት የለን። በጃኹም ካብ ዓውደ ኣዋርሕ ዕለት ምረጹ።')).toBeTruthy();
    expect(router.state.location.search).toEqual({});
  });
});
