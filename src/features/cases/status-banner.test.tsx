import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import type { CaseLookup } from './api.ts';
import { StatusBanner } from './status-banner.tsx';

/** A case asked twice (issue 25): processing started on November 21, the open request asked on December 1. */
const waiting = {
  status: 'waiting_customer', masked: false, createdAt: '2026-11-20T07:00:00.000Z', ongoing_date: '2026-11-21T07:00:00.000Z', schedule_program: [],
  information_requests: [
    { _id: 'r1', message: 'The lease.', asked_at: '2026-11-24T07:00:00.000Z', answer: { text: 'Here.', attachment: null, answered_at: '2026-11-25T07:00:00.000Z' } },
    { _id: 'r2', message: 'Page 2 unsigned.', asked_at: '2026-12-01T07:00:00.000Z', answer: null },
  ],
} as unknown as CaseLookup;

describe('the status banner of a case waiting for its customer (issue 25)', () => {
  it('dates the wait from the open request, for the owner', async () => {
    await renderScreen(<StatusBanner kase={waiting} />);
    expect(screen.getByTestId('status-since').textContent).toBe('Since December 1, 2026');
  });

  it('dates it from the processing start on the public status, which knows no requests', async () => {
    const { information_requests: _requests, ...rest } = waiting as unknown as Record<string, unknown>;
    await renderScreen(<StatusBanner kase={{ ...rest, masked: true } as unknown as CaseLookup} />);
    expect(screen.getByTestId('status-since').textContent).toBe('Since November 21, 2026');
  });
});
