import type { Role } from '../../server/contract/endpoints.ts';
import { useSyncExternalStore } from 'react';
import { http } from './http.ts';
import { shareAcrossTabs } from './tab-sharing.ts';

/**
 * What every staff query's key starts with: signing out removes them all, so the next person
 * at this computer sees nothing the last one read.
 */
export const STAFF_QUERIES = ['staff'] as const;

// Kept apart from the customer's tID, so one browser tab never mixes the two roles.
const KEY = 'staffToken';

/** The staff roles a token can carry; ethics users keep the acceptors' stored name. */
export type StaffRole = Extract<Role, 'officer' | 'manager' | 'accusation_acceptor' | 'archivist' | 'admin'>;
const ROLES: readonly StaffRole[] = ['officer', 'manager', 'accusation_acceptor', 'archivist', 'admin'];

/** The role and id a staff token says it is for; the server checks the signature, this only picks screens. */
function claims(token: string | undefined): { id: string; role: StaffRole } | undefined {
  try {
    const payload = JSON.parse(atob(token!.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { id?: unknown; role?: unknown };
    const role = ROLES.find((known) => known === payload.role);
    return typeof payload.id === 'string' && role ? { id: payload.id, role } : undefined;
  } catch {
    return undefined;
  }
}

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Tabs and windows of one browser session share the staff sign-in, apart from the customer's (tab-sharing.ts). */
const sharing = shareAcrossTabs('portal-staff-session', {
  token: () => staffSession.token(),
  adopt(token) {
    if (!claims(token) || token === staffSession.token()) return;
    sessionStorage.setItem(KEY, token);
    sharing.holdLock(true);
    changed();
  },
  signedOutElsewhere: () => forget(),
});

function forget() {
  sessionStorage.removeItem(KEY);
  sharing.holdLock(false);
  changed();
}

/**
 * A staff user's sign-in in this tab and the others of the browser session: shared by the
 * accusation screens and the case screens, which are features of their own.
 */
export const staffSession = {
  token: () => sessionStorage.getItem(KEY) ?? undefined,
  start(token: string) {
    sessionStorage.setItem(KEY, token);
    sharing.holdLock(true);
    sharing.announce(token);
    changed();
  },
  /** Signs out here and in every other tab of the browser session. */
  clear() {
    const signedIn = Boolean(staffSession.token());
    forget();
    if (signedIn) sharing.announceSignedOut();
  },
  role: () => claims(staffSession.token())?.role,
  staffId: () => claims(staffSession.token())?.id,
  /** The header a staff user's PDF requests carry. */
  headers: (): Record<string, string> => {
    const token = staffSession.token();
    return token ? { Authorization: `Bearer ${token}` } : {};
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** This tab's sign-in, or one an open tab of the browser session hands over (a staff link opened in a new tab). */
  async restore() {
    sharing.holdLock(Boolean(staffSession.token()));
    await sharing.handOver();
  },
};

/** This tab's staff token, live: undefined once signed out here or in another tab. */
export const useStaffToken = () => useSyncExternalStore(staffSession.subscribe, staffSession.token);

/** The staff client: their token on every call; a 401 ends their session here too. */
export const staffHttp = http.extend({
  beforeRequest: (headers) => {
    const token = staffSession.token();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  },
  // Every tab holds the same token: ended for one, it is ended for all.
  afterResponse: (response) => void (response.status === 401 && staffSession.clear()),
});
