import Dexie, { type EntityTable } from 'dexie';
import type { Messages } from '../../server/contract/common.ts';

export type OutboxKind = 'accusation' | 'case';
export type OutboxState = 'waiting' | 'sending' | 'sent' | 'needs-sign-in' | 'refused';

/** A submission kept on the device until the server has it (DESIGN.md "outbox"). */
export interface OutboxItem {
  /** Made here; also the Idempotency-Key, so a resend never stores a second copy. */
  id: string;
  kind: OutboxKind;
  createdAt: number;
  state: OutboxState;
  /** The form's text fields, exactly as the form would have sent them. */
  fields: Record<string, string>;
  file?: { blob: Blob; name: string };
  /** What the list shows: an accusation's subject, a case request's name. */
  summary: string;
  /** A case application belongs to the customer who made it; only their session sends it. */
  ownerId?: string;
  attempts: number;
  nextAttemptAt: number;
  /** The server's words when it refused the item (4xx). */
  refusal?: Messages;
  /** The accusation reference or case number, once sent. */
  receipt?: string;
  sentAt?: number;
}

class OutboxDatabase extends Dexie {
  items!: EntityTable<OutboxItem, 'id'>;

  constructor() {
    super('portal-outbox');
    // v1: the first schema. Add a version with an .upgrade() for every change, and say why.
    this.version(1).stores({ items: 'id, state, createdAt' });
  }
}

export const outboxDb = new OutboxDatabase();

/** iOS closes IndexedDB under memory pressure; reopen once and try again. */
export async function withOutboxDb<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as Error).name !== 'DatabaseClosedError') throw error;
    await outboxDb.open();
    return work();
  }
}
