import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { RatePage } from './rate-page.tsx';

const TOKEN = '00000000-0000-4000-8000-000000000001-1800000000-abcdefghijklmnopqrstuv';
const SAVED = { Message_en: 'Thank you for rating the service.', Message_am: 'አገልግሎቱን ስለገመገሙ እናመሰግናለን።' };
const USED = { code: 'ratingLinkUsed', Message_en: 'This case has been rated already. Thank you!', Message_am: 'ይህ ጉዳይ ቀድሞ ተገምግሟል። እናመሰግናለን!' };

/** The server as the page meets it: the link's state, then the rating (both answers set by each test). */
let linkAnswer: () => Response;
const fetchMock = vi.fn(async (request: Request) =>
  request.url.includes('/div_rate/rating_link/') ? linkAnswer() : Response.json(SAVED, { status: 201 }),
);
const ratings = () => fetchMock.mock.calls.map(([request]) => request).filter((request) => request.url.endsWith('/div_rate/create_custrate'));

/** Issue 25: the one-tap rating page of the "answered" mail, with no log-in. */
describe('the one-tap rating page', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('rates only after a star is tapped, with the comment, then thanks', async () => {
    linkAnswer = () => Response.json({ rateable: true });
    await renderScreen(<RatePage token={TOKEN} />, { path: `/rate/${TOKEN}` });
    const rate = await screen.findByRole<HTMLButtonElement>('button', { name: 'Rate' });
    expect(rate.disabled).toBe(true);
    expect(screen.getByTestId('rating-value').textContent).toBe('Tap a star to choose your rating.');
    fireEvent.submit(rate.closest('form')!);
    expect(ratings()).toHaveLength(0);

    fireEvent.click(screen.getByRole('radio', { name: '4 of 5 stars' }));
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: 'Quick and kind.' } });
    expect(rate.disabled).toBe(false);
    fireEvent.click(rate);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Thank you for rating the service.');
    expect(ratings()).toHaveLength(1);
    expect(await ratings()[0].clone().json()).toEqual({ rateNum: 4, rating_token: TOKEN, comment: 'Quick and kind.' });
    // The page holds nothing of the case or its owner to show.
    expect(document.body.textContent).not.toMatch(/HDC-|@/);
  });

  it('says in Amharic that a used link is used, and offers no stars', async () => {
    linkAnswer = () => Response.json(USED, { status: 409 });
    await renderScreen(<RatePage token={TOKEN} />, { locale: 'am', path: `/rate/${TOKEN}` });
    expect((await screen.findByRole('alert')).textContent).toBe(USED.Message_am);
    expect(screen.queryByRole('radio')).toBeNull();
    await waitFor(() => expect(ratings()).toHaveLength(0));
  });
});
