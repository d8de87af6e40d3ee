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

/**
 * Issue 13: a tab signed in holds this shared Web Lock, so a new tab can tell at once whether
 * an open tab could hand it a sign-in, and waits for one (HANDOFF_MS) only then. Every
 * signed-out first load used to wait. A closed tab's lock goes with it.
 */
const SIGNED_IN_LOCK = 'portal-signed-in';
const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
let signedInLock: { release?: () => void } | undefined;

function holdSignedInLock(signedIn: boolean) {
  if (!locks || signedIn === Boolean(signedInLock)) return;
  if (!signedIn) {
    signedInLock!.release?.();
    signedInLock = undefined;
    return;
  }
  const lock: { release?: () => void } = (signedInLock = {});
  // Signed out again before the lock was granted: let it go at once.
  void locks.request(SIGNED_IN_LOCK, { mode: 'shared' }, () =>
    signedInLock === lock ? new Promise<void>((release) => (lock.release = release)) : undefined,
  );
}

/** Whether some open tab is signed in; true when this browser cannot tell (then the new tab asks and waits, as before). */
async function aTabIsSignedIn(): Promise<boolean> {
  if (!locks) return true;
  const { held = [] } = await locks.query();
  return held.some((lock) => lock.name === SIGNED_IN_LOCK);
}

function publish(next: Session | undefined) {
  current = next;
  holdSignedInLock(Boolean(next));
  clearTimeout(expiryTimer);
  // SPEC section 4: when the token has an expiry, a logout is performed at that moment.
  if (next?.expiresAt) expiryTimer = setTimeout(() => session.expired(), Math.max(0, next.expiresAt - Date.now()));
  listeners.forEach((listener) => listener());
}

type ExpiryHandler = () => void;
let onExpiry: ExpiryHandler = () => {};

/**
 * Tabs and windows of one browser session share the sign-in. The token stays
 * in each tab's session storage (SPEC section 2); a new tab asks the open ones for it, a
 * sign-in is handed to the others, and a logout or expiry in one tab signs out all of
 * them. Same origin only, and gone with the browser session, as session storage is.
 */
type SessionMessage = { type: 'ask' } | { type: 'token'; token: string } | { type: 'signed-out' };
const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('portal-session');
/** How long a new tab waits for an open tab to hand over its session before showing itself signed out. */
const HANDOFF_MS = 150;

function adopt(token: string) {
  const next = decodeToken(token);
  if (!next || next.token === current?.token || (next.expiresAt && next.expiresAt <= Date.now())) return;
  sessionStorage.setItem(TOKEN_KEY, token);
  publish(next);
}

channel?.addEventListener('message', (event: MessageEvent<SessionMessage>) => {
  const message = event.data;
  if (message.type === 'ask' && current) channel.postMessage({ type: 'token', token: current.token } satisfies SessionMessage);
  if (message.type === 'token') adopt(message.token);
  if (message.type === 'signed-out' && current) {
    sessionStorage.clear();
    publish(undefined);
    onExpiry();
  }
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
    channel?.postMessage({ type: 'token', token } satisfies SessionMessage);
  },
  /** SPEC section 4: on logout session storage is cleared, in every tab of the browser session. */
  clear() {
    sessionStorage.clear();
    publish(undefined);
    channel?.postMessage({ type: 'signed-out' } satisfies SessionMessage);
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
    if (current || !channel || !(await aTabIsSignedIn())) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, HANDOFF_MS);
      const unsubscribe = session.subscribe(done);
      function done() {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      }
      channel.postMessage({ type: 'ask' } satisfies SessionMessage);
    });
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
