import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// In this order: the first visit comes before Dexie has ever opened the database.
describe('reading the outbox without Dexie', () => {
  let OUTBOX_DB_NAME: string;
  let outboxLoaded: typeof import('./outbox-peek.ts').outboxLoaded;
  let peekOutbox: typeof import('./outbox-peek.ts').peekOutbox;
  // A first visit: a browser that never held the outbox, and its modules not yet loaded (the
  // unit files share one process, and others open the outbox before this one may run).
  beforeAll(async () => {
    vi.resetModules();
    ({ OUTBOX_DB_NAME, outboxLoaded, peekOutbox } = await import('./outbox-peek.ts'));
    await new Promise((resolve, reject) => {
      const deleting = indexedDB.deleteDatabase(OUTBOX_DB_NAME);
      deleting.onsuccess = resolve;
      deleting.onerror = () => reject(deleting.error);
    });
  });

  it('finds nothing on a first visit and does not create the database Dexie will make', async () => {
    expect(await peekOutbox()).toEqual({ stored: 0, pending: 0 });
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain(OUTBOX_DB_NAME);
    expect(outboxLoaded.get()).toBe(false);
  });

  it('counts what waits apart from what was sent, and leaves Dexie free to go on', async () => {
    const { outbox } = await import('./outbox.ts');
    // Issue 13: the outbox's code alone does not bring Dexie; its first read or write does.
    expect(outboxLoaded.get()).toBe(false);
    const item = { kind: 'accusation' as const, fields: {}, summary: 'Leak' };
    await outbox.add({ ...item, id: 'waiting' });
    expect(outboxLoaded.get()).toBe(true);
    await outbox.add({ ...item, id: 'needs-sign-in', state: 'needs-sign-in' });
    await outbox.add({ ...item, id: 'sent', state: 'sent', sentAt: Date.now() });
    expect(await peekOutbox()).toEqual({ stored: 3, pending: 2 });
    await outbox.remove('waiting');
    expect(await outbox.all()).toHaveLength(2);
    expect(await peekOutbox()).toEqual({ stored: 2, pending: 1 });
  });
});
