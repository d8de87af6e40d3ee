import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderScreen } from '../testing/render.tsx';
import { blocking } from './blocking.ts';
import { ConnectionLost, RateLimitWait } from './blocking-screens.tsx';

const START = Date.parse('2026-11-22T09:00:00Z');

describe('the 429 wait (RateLimitWait)', () => {
  beforeEach(() => {
    // Only the clock and the one-second tick are faked: the router and Testing Library keep real timeouts.
    vi.useFakeTimers({ now: START, toFake: ['Date', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    blocking.clear();
    vi.useRealTimers();
  });

  it('says how long to wait, counts down a second at a time, and says the page comes back by itself', async () => {
    await renderScreen(<RateLimitWait until={START + 180_000} />);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Please wait 3 minutes before retrying.' })).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toBe('3:00');
    expect(screen.getByText('Too many attempts. The page comes back by itself when the time is up.')).toBeTruthy();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('countdown').textContent).toBe('2:59');

    act(() => vi.advanceTimersByTime(135_000));
    expect(screen.getByTestId('countdown').textContent).toBe('0:44');
    expect(screen.getByRole('heading', { level: 1, name: 'Please wait 1 minute before retrying.' })).toBeTruthy();
  });

  it('ends the wait when the time is up', async () => {
    blocking.rateLimited(5, START);
    await renderScreen(<RateLimitWait until={START + 5_000} />);
    expect(blocking.get().kind).toBe('rate-limited');
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByTestId('countdown').textContent).toBe('0:00');
    expect(blocking.get()).toEqual({ kind: 'none' });
  });
});

describe('the 500 screen (ConnectionLost)', () => {
  it('says the connection was lost and offers to reload', async () => {
    await renderScreen(<ConnectionLost />);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Connection Lost!' })).toBeTruthy();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText(/error connecting to the server\. Please try again later\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
  });

  it('speaks Amharic, the default language', async () => {
    await renderScreen(<ConnectionLost />, { locale: 'am' });
    expect(screen.getByRole('heading', { level: 1, name: 'ግንኙነት ተቋርጧል!' })).toBeTruthy();
    expect(screen.getByText('የሆነ ችግር ተፈጥሯል')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ገጹን እንደገና ይጫኑ' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).not.toMatch(/[A-Za-z]/);
  });
});
