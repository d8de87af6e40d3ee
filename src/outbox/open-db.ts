import type { OutboxDatabase } from './db.ts';

/**
 * Runs `work` on the outbox's database. Issue 13: Dexie (~30 KB gzip, db.ts) is fetched with
 * the first read or write of the outbox or a draft, not with the code of the forms that
 * use them, so a form is drawn before it arrives (its draft is read just after).
 */
export async function withOutboxDb<T>(work: (db: OutboxDatabase) => Promise<T>): Promise<T> {
  const { outboxDb } = await import('./db.ts');
  try {
    return await work(outboxDb);
  } catch (error) {
    // iOS closes IndexedDB under memory pressure; reopen once and try again.
    if ((error as Error).name !== 'DatabaseClosedError') throw error;
    await outboxDb.open();
    return work(outboxDb);
  }
}
