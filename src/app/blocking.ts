import { useSyncExternalStore } from 'react';

/**
 * The two screens that take over the app (SPEC sections 4 and 8): the rate-limit wait
 * after a 429 and "Connection Lost!" after a 500 or a thrown error. The wait's end time
 * is kept in session storage so a reload does not skip the wait.
 */
export type Blocking = { kind: 'none' } | { kind: 'rate-limited'; until: number } | { kind: 'server-error' };

export const RATE_LIMIT_WAIT_SECONDS = 180;
const WAIT_KEY = 'rateLimitedUntil';

/**
 * The wait a 429 asks for: its Retry-After in seconds (a sign-in lock can last longer or
 * shorter than 3 minutes), else SPEC's 3 minutes.
 */
export function waitSeconds(retryAfter: string | number | null | undefined): number {
  const seconds = Number(retryAfter);
  return Number.isInteger(seconds) && seconds > 0 && seconds <= 24 * 60 * 60 ? seconds : RATE_LIMIT_WAIT_SECONDS;
}

function initial(): Blocking {
  const until = Number(sessionStorage.getItem(WAIT_KEY));
  return until > Date.now() ? { kind: 'rate-limited', until } : { kind: 'none' };
}

let state: Blocking = initial();
const listeners = new Set<() => void>();

function set(next: Blocking) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const blocking = {
  rateLimited(seconds = RATE_LIMIT_WAIT_SECONDS, now = Date.now()) {
    // A second 429 during the wait does not extend it: the wait was already shown.
    if (state.kind === 'rate-limited') return;
    const until = now + seconds * 1000;
    sessionStorage.setItem(WAIT_KEY, String(until));
    set({ kind: 'rate-limited', until });
  },
  serverError() {
    set({ kind: 'server-error' });
  },
  clear() {
    sessionStorage.removeItem(WAIT_KEY);
    set({ kind: 'none' });
  },
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useBlocking = () => useSyncExternalStore(blocking.subscribe, blocking.get);
