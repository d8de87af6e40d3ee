import { useSyncExternalStore } from 'react';

// SPEC section 2: the session token is kept in session storage under tID.
const TOKEN_KEY = 'tID';

export interface Session {
  token: string;
  /** The customer id, decoded from the token (SPEC section 6). */
  customerId: string;
  /** Milliseconds since the epoch; undefined when the token carries no expiry. */
  expiresAt?: number;
}

/** Reads the claims of a JWT without trusting them: the server checks the signature. */
export function decodeToken(token: string): Session | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    if (typeof payload.id !== 'string') return undefined;
    return { token, customerId: payload.id, expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : undefined };
  } catch {
    return undefined;
  }
}

const listeners = new Set<() => void>();
let current: Session | undefined;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function read(): Session | undefined {
  const token = sessionStorage.getItem(TOKEN_KEY);
  const session = token ? decodeToken(token) : undefined;
  return session && (!session.expiresAt || session.expiresAt > Date.now()) ? session : undefined;
}

function publish(next: Session | undefined) {
  current = next;
  clearTimeout(expiryTimer);
  // SPEC section 4: when the token has an expiry, a logout is performed at that moment.
  if (next?.expiresAt) expiryTimer = setTimeout(() => session.expired(), Math.max(0, next.expiresAt - Date.now()));
  listeners.forEach((listener) => listener());
}

type ExpiryHandler = () => void;
let onExpiry: ExpiryHandler = () => {};

export const session = {
  get: () => current,
  start(token: string) {
    const next = decodeToken(token);
    if (!next) throw new Error('The server sent a token that cannot be read');
    sessionStorage.setItem(TOKEN_KEY, token);
    publish(next);
  },
  /** SPEC section 4: on logout session storage is cleared. */
  clear() {
    sessionStorage.clear();
    publish(undefined);
  },
  expired() {
    session.clear();
    onExpiry();
  },
  /** What to do when the session ends by itself (the app sends the user to /). */
  onExpiry(handler: ExpiryHandler) {
    onExpiry = handler;
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  restore() {
    publish(read());
  },
};

export const useSession = () => useSyncExternalStore(session.subscribe, session.get);
