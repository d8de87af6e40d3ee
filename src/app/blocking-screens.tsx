import { useEffect, useState } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { blocking } from './blocking.ts';

/** SPEC section 8: full-screen "Connection Lost!" after a 500 or a thrown error. */
export function ConnectionLost() {
  return (
    <main className="full-screen" role="alert">
      <svg className="full-screen-icon" viewBox="0 0 64 64" aria-hidden="true">
        <path d="M8 24a34 34 0 0 1 48 0M16 33a22 22 0 0 1 32 0M24 42a10 10 0 0 1 16 0" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
        <circle cx="32" cy="51" r="4" fill="currentColor" />
        <path d="M10 10l44 44" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h1>
        <Trans>Connection Lost!</Trans>
      </h1>
      <p className="full-screen-lead">
        <Trans>Something went wrong</Trans>
      </p>
      <p>
        <Trans>
          It seems like there was an error connecting to the server. Please try again later. Thank you for your
          patience.
        </Trans>
      </p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        <Trans>Reload Page</Trans>
      </button>
    </main>
  );
}

/**
 * SPEC sections 4 and 9: after a 429, a wait in one-second ticks, then back to normal. The
 * wait is the server's Retry-After (180 seconds for the generic limit, the real time left
 * for a sign-in lock), and the text does not say who was counted: a lock may be per account.
 */
export function RateLimitWait({ until }: { until: number }) {
  const queryClient = useQueryClient();
  const [now, setNow] = useState(Date.now);
  const secondsLeft = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (secondsLeft > 0) return;
    blocking.clear();
    // Only what failed is asked for again, not every query.
    void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
  }, [secondsLeft, queryClient]);

  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, '0');
  const minutesLeft = Math.max(1, Math.ceil(secondsLeft / 60));
  return (
    <main className="full-screen" role="alert">
      <svg className="full-screen-icon" viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="32" cy="34" r="22" fill="none" stroke="currentColor" strokeWidth="4" />
        <path d="M32 20v14l9 6M26 6h12" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h1>
        <Plural value={minutesLeft} one="Please wait # minute before retrying." other="Please wait # minutes before retrying." />
      </h1>
      <p className="countdown" aria-live="polite" aria-atomic="true">
        <span className="visually-hidden">
          <Trans>Time left:</Trans>
        </span>{' '}
        <time data-testid="countdown" dateTime={`PT${secondsLeft}S`}>
          {minutes}:{seconds}
        </time>
      </p>
      <p>
        <Trans>Too many attempts. The page comes back by itself when the time is up.</Trans>
      </p>
    </main>
  );
}
