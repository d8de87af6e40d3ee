import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { RateModal } from './rate-modal.tsx';

/**
 * SPEC section 5 sets the default rating to 1; the review of 2026-11-27 (defect 15) found one
 * tap on "Rate" recorded it for good. The button waits for a star the customer chose.
 */
describe('the rate modal', () => {
  it('sends nothing until a star is chosen, then rates what was chosen', async () => {
    await renderScreen(<RateModal caseId="case-1" onClose={() => {}} />, { path: '/dashboard/case/case-1' });
    const rate = screen.getByRole('button', { name: 'Rate', hidden: true }) as HTMLButtonElement;
    expect(rate.disabled).toBe(true);
    expect(screen.getByTestId('rating-value').textContent).toBe('Tap a star to choose your rating.');

    fireEvent.click(screen.getByRole('radio', { name: '1 of 5 stars', hidden: true }));
    expect(rate.disabled).toBe(false);
    expect(screen.getByTestId('rating-value').textContent).toBe('Your rating: 1 of 5');
  });

  it('sends the optional comment with the stars (issue 25)', async () => {
    const fetchMock = vi.fn(async (_request: Request) => Response.json({ Message_en: 'Thank you for rating the service.' }, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      await renderScreen(<RateModal caseId="case-1" onClose={() => {}} />, { path: '/dashboard/case/case-1' });
      fireEvent.click(screen.getByRole('radio', { name: '5 of 5 stars', hidden: true }));
      fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: 'Thank you.' } });
      fireEvent.click(screen.getByRole('button', { name: 'Rate', hidden: true }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(await fetchMock.mock.calls[0][0].clone().json()).toEqual({ rateNum: 5, rateCase: 'case-1', comment: 'Thank you.' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reads in Amharic', async () => {
    await renderScreen(<RateModal caseId="case-1" onClose={() => {}} />, { locale: 'am', path: '/dashboard/case/case-1' });
    expect(screen.getByTestId('rating-value').textContent).toBe('ደረጃዎን ለመምረጥ ኮከብ ይንኩ።');
  });
});
