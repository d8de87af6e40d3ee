import Dexie, { type EntityTable } from 'dexie';
import type { Messages } from '../../server/contract/common.ts';
import { announceOutboxLoaded, OUTBOX_DB_NAME } from './outbox-peek.ts';

// The outbox's live list (outbox.ts) subscribes through this module, which it loads on demand.
export { liveQuery } from 'dexie';

/** Issue 25: `answer` is a customer's answer to the corporation's request for information on one of their cases. */
export type OutboxKind = 'accusation' | 'case' | 'answer';
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
  /**
   * Issue 27: the attachment's resumable upload (tus), once the server has made it: its URL
   * and the bytes it acknowledged, so a reload or a restart goes on from there. Not indexed,
   * so no new schema version.
   */
  upload?: { url: string; offset: number; size: number };
  /** An expired or unknown upload was started again once already. */
  uploadRestarted?: boolean;
  /** What the list shows: an accusation's subject, a case request's name, the case number an answer is for. */
  summary: string;
  /** The case an answer goes to (its call's `:id`). Not indexed, so no new schema version. */
  caseId?: string;
  /** A case application belongs to the customer who made it; only their session sends it. */
  ownerId?: string;
  attempts: number;
  nextAttemptAt: number;
  /** The server's words when it refused the item (4xx). */
  refusal?: Messages;
  /** The accusation reference or case number (for an answer, its case's), once sent. */
  receipt?: string;
  sentAt?: number;
}

/**
 * A form being filled in, kept on the device as it is typed: restored after a
 * reload, a crash or an update, gone once the form is sent or queued.
 */
export interface Draft {
  /** Which form: `accusation`, or `case:<customer id>` for a customer's application. */
  key: string;
  /** A customer's draft is theirs alone: only their session restores it, their logout removes it. */
  ownerId?: string;
  /** The form's state as it holds it (the PDF apart, in draftFiles). */
  fields: unknown;
  savedAt: number;
}

/** A draft's chosen PDF, apart from its text so a keystroke does not rewrite 10 MB. */
export interface DraftFile {
  key: string;
  ownerId?: string;
  blob: Blob;
  name: string;
}

export class OutboxDatabase extends Dexie {
  items!: EntityTable<OutboxItem, 'id'>;
  drafts!: EntityTable<Draft, 'key'>;
  draftFiles!: EntityTable<DraftFile, 'key'>;

  constructor() {
    super(OUTBOX_DB_NAME);
    // v1: the first schema. Add a version with an .upgrade() for every change, and say why.
    this.version(1).stores({ items: 'id, state, createdAt' });
    // v2: drafts of the forms. New tables only, so nothing to upgrade.
    this.version(2).stores({ items: 'id, state, createdAt', drafts: 'key, ownerId', draftFiles: 'key, ownerId' });
  }
}

export const outboxDb = new OutboxDatabase();
announceOutboxLoaded();
