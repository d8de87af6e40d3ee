/**
 * A sign-in shared by the tabs and windows of one browser session: the customer's
 * (session.ts) and the staff's (staff-session.ts), each under its own name. The token stays in
 * each tab's session storage (SPEC section 2); a new tab asks the open ones for it, a sign-in
 * is handed to the others, and a sign-out in one tab signs out all of them. Same origin only,
 * and gone with the browser session, as session storage is.
 */
type SessionMessage = { type: 'ask' } | { type: 'token'; token: string } | { type: 'signed-out' };

/** How long a new tab waits for an open tab to hand over its session before showing itself signed out. */
const HANDOFF_MS = 150;

/** What the sharing needs of one tab's session. */
export interface SharedTab {
  /** This tab's token, if signed in. */
  token(): string | undefined;
  /** Takes a token another tab signed in with (ignoring one it cannot use). */
  adopt(token: string): void;
  /** Another tab signed out: sign this one out too. */
  signedOutElsewhere(): void;
}

export function shareAcrossTabs(name: string, tab: SharedTab) {
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(name);
  /**
   * Issue 13: a tab signed in holds this shared Web Lock, so a new tab can tell at once whether
   * an open tab could hand it a sign-in, and waits for one (HANDOFF_MS) only then. Every
   * signed-out first load used to wait. A closed tab's lock goes with it.
   */
  const lockName = `${name}-signed-in`;
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  let signedInLock: { release?: () => void } | undefined;
  const waiting = new Set<() => void>();

  channel?.addEventListener('message', (event: MessageEvent<SessionMessage>) => {
    const message = event.data;
    const current = tab.token();
    if (message.type === 'ask' && current) channel.postMessage({ type: 'token', token: current } satisfies SessionMessage);
    if (message.type === 'token') {
      tab.adopt(message.token);
      if (tab.token()) waiting.forEach((done) => done());
    }
    if (message.type === 'signed-out' && current) tab.signedOutElsewhere();
  });

  /** Whether some open tab is signed in; true when this browser cannot tell (then the new tab asks and waits, as before). */
  async function aTabIsSignedIn(): Promise<boolean> {
    if (!locks) return true;
    const { held = [] } = await locks.query();
    return held.some((lock) => lock.name === lockName);
  }

  return {
    /** Holds the signed-in lock while this tab is signed in, and lets it go when not. */
    holdLock(signedIn: boolean) {
      if (!locks || signedIn === Boolean(signedInLock)) return;
      if (!signedIn) {
        signedInLock!.release?.();
        signedInLock = undefined;
        return;
      }
      const lock: { release?: () => void } = (signedInLock = {});
      // Signed out again before the lock was granted: let it go at once.
      void locks.request(lockName, { mode: 'shared' }, () =>
        signedInLock === lock ? new Promise<void>((release) => (lock.release = release)) : undefined,
      );
    },
    /** This tab signed in: the other tabs take the same sign-in. */
    announce: (token: string) => channel?.postMessage({ type: 'token', token } satisfies SessionMessage),
    /** This tab signed out: so do the others. */
    announceSignedOut: () => channel?.postMessage({ type: 'signed-out' } satisfies SessionMessage),
    /** Asks an open tab of this browser session for its sign-in, when one holds it; resolves when taken or after a short wait. */
    async handOver(): Promise<void> {
      if (tab.token() || !channel || !(await aTabIsSignedIn())) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, HANDOFF_MS);
        waiting.add(done);
        function done() {
          clearTimeout(timer);
          waiting.delete(done);
          resolve();
        }
        channel.postMessage({ type: 'ask' } satisfies SessionMessage);
      });
    },
  };
}
