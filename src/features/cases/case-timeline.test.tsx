import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { CaseTimeline } from './case-timeline.tsx';

const entry = (id: string, status: string, changedAt: string, caseId = 'case-1') => ({ _id: id, case: { _id: caseId, case_number: 'HDC-2019-000001' }, status, changedAt });

describe('the customer’s timeline of a case asked for something (issue 25)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the corporation asked, and that the customer answered, where the states alone would say processing started again', async () => {
    // getCaseHistory answers newest first, every case of the customer's.
    vi.stubGlobal('fetch', vi.fn(async () => Response.json([
      entry('h5', 'ongoing', '2026-12-03T07:00:00.000Z'),
      entry('h4', 'waiting_customer', '2026-12-01T07:00:00.000Z'),
      entry('h9', 'ongoing', '2026-11-30T07:00:00.000Z', 'case-2'),
      entry('h2', 'ongoing', '2026-11-21T07:00:00.000Z'),
      entry('h1', 'pending', '2026-11-20T07:00:00.000Z'),
    ])));
    await renderScreen(<CaseTimeline caseId="case-1" />, { path: '/dashboard/case/case-1' });
    await waitFor(() => expect(screen.getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'We received your case.',
      'We started processing your case.',
      'We asked you for something.',
      'You answered our request.',
    ]));
  });
});
