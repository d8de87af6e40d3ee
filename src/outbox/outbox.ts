import { useEffect, useState } from 'react';
import { session } from '../app/session.ts';
import type { OutboxItem, OutboxKind } from './db.ts';
import { withOutboxDb } from './open-db.ts';

export type { OutboxItem, OutboxKind };

/** Items not yet with the server: what the header counts. */
export const isPending = (item: OutboxItem) => item.state !== 'sent';

/** How an item is named to the person until it has a receipt: the start of its id. */
export const shortId = (item: Pick<OutboxItem, 'id'>) => item.id.slice(0, 8).toUpperCase();

export const outbox = {
  async add(item: Omit<OutboxItem, 'createdAt' | 'state' | 'attempts' | 'nextAttemptAt'> & Partial<OutboxItem>) {
    const stored: OutboxItem = { createdAt: Date.now(), state: 'waiting', attempts: 0, nextAttemptAt: Date.now(), ...item };
    await withOutboxDb((outboxDb) => outboxDb.items.put(stored));
    return stored;
  },
  get: (id: string) => withOutboxDb((outboxDb) => outboxDb.items.get(id)),
  update: (id: string, changes: Partial<OutboxItem>) => withOutboxDb((outboxDb) => outboxDb.items.update(id, changes)),
  remove: (id: string) => withOutboxDb((outboxDb) => outboxDb.items.delete(id)),
  all: () => withOutboxDb((outboxDb) => outboxDb.items.orderBy('createdAt').toArray()),
  /** Sent items stay a day so their receipts can be read, then go. */
  forgetOldSent: () =>
    withOutboxDb((outboxDb) =>
      outboxDb.items
        .where('state')
        .equals('sent')
        .filter((item) => (item.sentAt ?? 0) < Date.now() - 86_400_000)
        .delete(),
    ),
};

/** Whether this device's current user may see an item's contents (a shared device). */
export const visibleToCurrentUser = (item: OutboxItem) => item.kind === 'accusation' || item.ownerId === session.get()?.customerId;

/** The outbox, live: re-renders whenever an item changes, in this tab or another. */
export function useOutbox(): OutboxItem[] | undefined {
  const [items, setItems] = useState<OutboxItem[]>();
  useEffect(() => {
    let subscription: { unsubscribe(): void } | undefined;
    let mounted = true;
    void import('./db.ts').then(({ outboxDb, liveQuery }) => {
      if (!mounted) return;
      subscription = liveQuery(() => outboxDb.items.orderBy('createdAt').toArray()).subscribe({
        next: setItems,
        error: () => setItems([]),
      });
    });
    return () => {
      mounted = false;
      subscription?.unsubscribe();
    };
  }, []);
  return items;
}

