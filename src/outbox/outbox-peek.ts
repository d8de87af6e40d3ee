/**
 * Issue 13: the header shows how many items wait in the outbox on every page, but Dexie
 * (~30 KB gzip) should load only where the outbox is used. This reads the count from
 * IndexedDB directly, in a few lines, and says when the outbox code has loaded anyway (a
 * form, /outbox, a logout), from which moment the header follows Dexie's live count.
 */

/** The outbox's IndexedDB database, shared with Dexie (db.ts). */
export const OUTBOX_DB_NAME = 'portal-outbox';

export interface OutboxPeek {
  /** Every item on the device, sent ones included (kept a day for their receipts). */
  stored: number;
  /** Items not yet with the server: what the header counts. */
  pending: number;
}

const EMPTY: OutboxPeek = { stored: 0, pending: 0 };

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** The outbox's counts without Dexie; none when the database does not exist yet. */
export async function peekOutbox(): Promise<OutboxPeek> {
  if (typeof indexedDB === 'undefined') return EMPTY;
  const opening = indexedDB.open(OUTBOX_DB_NAME);
  // A first visit: do not create the database here, Dexie creates it with its schema.
  opening.onupgradeneeded = () => opening.transaction?.abort();
  const db = await done(opening).catch(() => undefined);
  if (!db) return EMPTY;
  try {
    if (!db.objectStoreNames.contains('items')) return EMPTY;
    const items = db.transaction('items').objectStore('items');
    const [stored, sent] = await Promise.all([done(items.count()), done(items.index('state').count('sent'))]);
    return { stored, pending: stored - sent };
  } finally {
    // Held open, this connection would block Dexie's schema upgrades.
    db.close();
  }
}

let loaded = false;
const listeners = new Set<() => void>();

/** Called by db.ts as it loads: from now on the live count costs nothing more. */
export function announceOutboxLoaded() {
  loaded = true;
  for (const listener of listeners) listener();
}

export const outboxLoaded = {
  get: () => loaded,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
