import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { startPwa } from '../../app/pwa.ts';
import type { Case } from './api.ts';
import { CaseReview } from './case-review.tsx';

// The letter is shown by the app's pdf.js viewer; here only which file it is given matters.
vi.mock('../../ui/lazy-pdf-viewer.tsx', () => ({
  LazyPdfViewer: ({ source, title }: { source: { url: string }; title: string }) => (
    <div data-testid="pdf-viewer" data-url={source.url}>{title}</div>
  ),
}));

/** "Now" in these tests: 8 December 2026, 09:00 in Addis Ababa. */
const NOW = new Date('2026-12-08T06:00:00Z');
/** A window that ends at the start of 17 December in Addis Ababa: its last day is 16 December. */
const UNTIL = '2026-12-16T21:00:00.000Z';

/** A decided case as getCaseById answers it; only what the review part reads matters. */
const decided = (more: Partial<Case>) =>
  ({ _id: 'case-1', case_number: 'HDC-2019-000001', status: 'rejected', review: null, review_until: UNTIL, ...more }) as unknown as Case;

const review = (more: Partial<NonNullable<Case['review']>>): NonNullable<Case['review']> => ({
  reason: 'My documents were complete.', requested_at: '2026-12-01T07:00:00.000Z', due_date: '2026-12-15',
  outcome: null, justification: null, decided_at: null, letter: null, ...more,
});

describe('asking for a review of a decision (issue 25)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is offered on a rejected case within its window, with its last day, and sends the reason', async () => {
    const sent: [string, string, unknown][] = [];
    vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
      sent.push([request.method, new URL(request.url).pathname, await request.clone().json()]);
      return Response.json({ status: 'under_review' });
    }));
    const { queryClient } = await renderScreen(<CaseReview kase={decided({})} />, { path: '/dashboard/case/case-1' });
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    expect(screen.getByTestId('review-until').textContent).toBe('You may ask for a review until December 16, 2026.');

    fireEvent.click(screen.getByRole('button', { name: 'Ask for a review' }));
    // Nothing is sent without a reason: the field says what is missing.
    fireEvent.click(screen.getByRole('button', { name: 'Send the request for a review' }));
    expect(within(screen.getByTestId('error-summary')).getByText('Fill in Your reason')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Why should the decision be reviewed\?/), { target: { value: '  The missing paper was attached.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the request for a review' }));
    await waitFor(() => expect(sent).toEqual([['POST', '/customer_case_api/request_review/case-1', { reason: 'The missing paper was attached.' }]]));
    // The case, its list and its timeline are read again: the page then shows it under review.
    await waitFor(() => expect(invalidated).toHaveBeenCalledWith({ queryKey: ['customer', 'cases'] }));
    expect(screen.queryByLabelText(/Why should the decision be reviewed\?/)).toBeNull();
  });

  it('is offered on an answered case too, in Amharic with the Ethiopian date', async () => {
    await renderScreen(<CaseReview kase={decided({ status: 'verified' })} />, { locale: 'am', path: '/dashboard/case/case-1' });
    expect(screen.getByTestId('review-until').textContent).toContain('7 ታኅሣሥ 2019 ዓ.ም.');
  });

  it.each([
    ['once the window has passed', decided({ review_until: '2026-12-08T05:59:59.000Z' })],
    ['when the server says none may be asked for', decided({ review_until: null })],
    ['on a case still being worked on', decided({ status: 'ongoing' })],
  ])('is not offered %s', async (_, kase) => {
    await renderScreen(<CaseReview kase={kase} />, { path: '/dashboard/case/case-1' });
    expect(screen.queryByTestId('ask-for-review')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ask for a review' })).toBeNull();
  });

  it('says offline that it needs a connection, and lets nothing be sent', async () => {
    // The app's own online state, as the browser's offline event sets it (src/app/pwa.ts).
    startPwa();
    window.dispatchEvent(new Event('offline'));
    try {
      await renderScreen(<CaseReview kase={decided({})} />, { path: '/dashboard/case/case-1' });
      expect(screen.getByRole('status').textContent).toBe('You are offline. Asking for a review needs a connection to the server.');
      expect((screen.getByRole('button', { name: 'Ask for a review' }) as HTMLButtonElement).disabled).toBe(true);
    } finally {
      window.dispatchEvent(new Event('online'));
    }
  });
});

describe('the review the customer asked for (issue 25)', () => {
  it('says it is being reviewed, with the reason and the due day', async () => {
    await renderScreen(<CaseReview kase={decided({ status: 'under_review', review_until: null, review: review({}) })} />);
    const part = screen.getByTestId('case-review');
    expect(part.textContent).toContain('A manager who had no part in the decision is reviewing it.');
    expect(part.textContent).toContain('My documents were complete.');
    expect(part.textContent).toContain('December 15, 2026');
    expect(screen.queryByTestId('review-outcome')).toBeNull();
  });

  it.each([
    ['changed', 'The decision was changed: the case is being answered again.', 'ongoing'],
    ['upheld', 'The decision was upheld.', 'rejected'],
    // Changed, then answered anew and approved: the outcome no longer says it is being answered.
    ['changed', 'The decision was changed, and the case has a new decision.', 'verified'],
  ] as const)('shows the outcome %s (“%s”) on a %s case, with the justification and the letter', async (outcome, said, status) => {
    const kase = decided({
      status, review_until: null,
      review: review({ outcome, justification: 'The lease was in the file.', decided_at: '2026-12-04T08:00:00.000Z', letter: 'review-letter-1.pdf' }),
    });
    await renderScreen(<CaseReview kase={kase} />);
    expect(screen.getByTestId('review-outcome').textContent).toBe(said);
    expect(screen.getByTestId('case-review').textContent).toContain('The lease was in the file.');
    expect(screen.getByTestId('pdf-viewer').dataset.url).toBe('/media/CaseFiles/review-letter-1.pdf');
  });
});
