import { useSyncExternalStore } from 'react';
import { shareAcrossTabs } from './tab-sharing.ts';

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
  sharing.holdLock(Boolean(next));
  clearTimeout(expiryTimer);
  // SPEC section 4: when the token has an expiry, a logout is performed at that moment.
  if (next?.expiresAt) expiryTimer = setTimeout(() => session.expired(), Math.max(0, next.expiresAt - Date.now()));
  listeners.forEach((listener) => listener());
}

type ExpiryHandler = () => void;
let onExpiry: ExpiryHandler = () => {};

function adopt(token: string) {
  const next = decodeToken(token);
  if (!next || next.token === current?.token || (next.expiresAt && next.expiresAt <= Date.now())) return;
  sessionStorage.setItem(TOKEN_KEY, token);
  publish(next);
}

/** Tabs and windows of one browser session share the customer's sign-in (tab-sharing.ts). */
const sharing = shareAcrossTabs('portal-session', {
  token: () => current?.token,
  adopt,
  signedOutElsewhere() {
    sessionStorage.clear();
    publish(undefined);
    onExpiry();
  },
});

/** A shared case link opened while signed out: where to go after the log-in (SPEC still sends the visitor to /). */
const RETURN_KEY = 'returnTo';

export const session = {
  get: () => current,
  start(token: string) {
    const next = decodeToken(token);
    if (!next) throw new Error('The server sent a token that cannot be read');
    sessionStorage.setItem(TOKEN_KEY, token);
    publish(next);
    sharing.announce(token);
  },
  /** SPEC section 4: on logout session storage is cleared, in every tab of the browser session. */
  clear() {
    sessionStorage.clear();
    publish(undefined);
    sharing.announceSignedOut();
    // A customer's application draft leaves a shared device with them. Loaded
    // here only, so Dexie stays out of the first paint; the draft hook saves nothing once
    // signed out, so no late save brings it back.
    void import('../outbox/drafts.ts').then(({ drafts }) => drafts.forgetCustomers());
  },
  expired() {
    session.clear();
    onExpiry();
  },
  /** What to do when the session ends by itself or in another tab (the app sends the user to /). */
  onExpiry(handler: ExpiryHandler) {
    onExpiry = handler;
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** This tab's session, or one an open tab of the same browser session hands over. */
  async restore() {
    publish(read());
    await sharing.handOver();
  },
  /** Remembers a shared case link opened while signed out, for after the log-in. */
  rememberCaseLink(href: string) {
    sessionStorage.setItem(RETURN_KEY, href);
    listeners.forEach((listener) => listener());
  },
  /** The case link waiting for a log-in, if any. */
  caseLink: () => sessionStorage.getItem(RETURN_KEY) ?? undefined,
  /** Where a fresh log-in goes: the remembered case link (once), else the dashboard. */
  takeCaseLink() {
    const href = session.caseLink();
    sessionStorage.removeItem(RETURN_KEY);
    return href;
  },
};

export const useSession = () => useSyncExternalStore(session.subscribe, session.get);

/** The shared case link waiting for a log-in, live. */
export const useCaseLink = () => useSyncExternalStore(session.subscribe, session.caseLink);
