import { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { Database, Queryable } from '../db/database.ts';
import { byteRows } from '../files/byte-rows.ts';

/** Uploads, finished or not, are removed this long after they were made (issue 27). */
export const UPLOAD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The id the tus server names an upload with: 128 random bits in hex, the last segment of its Location. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;

export interface UploadRow {
  id: string;
  size: number;
  offset: number;
  metadata: Record<string, string | null> | null;
  created_at: Date;
  finished_at: Date | null;
  used_at: Date | null;
  used_key: string | null;
}

/** A data store that can also give an upload's bytes back, from the first. */
export interface ReadableStore extends DataStore {
  read(id: string): Readable;
}

/**
 * The uploads' rows (migration 038), on both databases: when each was made, whether it
 * finished and passed the PDF check, and which submission used it.
 */
export function createUploadRows(db: Database) {
  return {
    async insert(upload: Upload, createdAt: Date) {
      await db.query('INSERT INTO resumable_upload (id, size, metadata, created_at) VALUES ($1, $2, $3, $4)', [
        upload.id, upload.size, JSON.stringify(upload.metadata ?? {}), createdAt,
      ]);
    },
    async find(id: string): Promise<UploadRow | undefined> {
      if (!UPLOAD_ID.test(id)) return undefined;
      const [row] = await db.query<UploadRow>('SELECT * FROM resumable_upload WHERE id = $1', [id]);
      return row && { ...row, size: Number(row.size), offset: Number(row.offset) };
    },
    async markFinished(id: string, at: Date) {
      await db.query('UPDATE resumable_upload SET finished_at = $2 WHERE id = $1', [id, at]);
    },
    async delete(id: string) {
      await db.query('DELETE FROM resumable_upload WHERE id = $1', [id]);
    },
    async madeBefore(moment: Date): Promise<string[]> {
      const rows = await db.query<{ id: string }>('SELECT id FROM resumable_upload WHERE created_at < $1 ORDER BY created_at LIMIT 500', [moment]);
      return rows.map((row) => row.id);
    },
    /**
     * Marks a finished, unexpired, unused upload as used by a submission, inside that
     * submission's transaction: of two submissions naming one upload, one stores it.
     */
    async claim(tx: Queryable, id: string, idempotencyKey: string | null, now: Date): Promise<boolean> {
      const claimed = await tx.query(
        `UPDATE resumable_upload SET used_at = $2, used_key = $3
          WHERE id = $1 AND finished_at IS NOT NULL AND used_at IS NULL AND created_at > $4 RETURNING id`,
        [id, now, idempotencyKey, new Date(now.getTime() - UPLOAD_LIFETIME_MS)],
      );
      return claimed.length === 1;
    },
  };
}
export type UploadRows = ReturnType<typeof createUploadRows>;

/**
 * The tus server's data store: the inner store keeps the state and the bytes (the file
 * store in the data folder, or PostgreSQL), and the row (made first, removed last) says
 * when the upload was made by the app's clock. An upload past its 7 days, or used by a
 * submission, is gone (410) even before the sweep removes it.
 */
export class RegisteredStore extends DataStore {
  private readonly inner: ReadableStore;
  private readonly rows: UploadRows;
  private readonly clock: () => number;

  constructor(inner: ReadableStore, rows: UploadRows, clock: () => number) {
    super();
    this.inner = inner;
    this.rows = rows;
    this.clock = clock;
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  override async create(upload: Upload): Promise<Upload> {
    upload.creation_date = new Date(this.clock()).toISOString();
    await this.rows.insert(upload, new Date(this.clock()));
    try {
      return await this.inner.create(upload);
    } catch (error) {
      await this.rows.delete(upload.id);
      throw error;
    }
  }

  override write(stream: Readable, id: string, offset: number): Promise<number> {
    return this.inner.write(stream, id, offset);
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.rows.find(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    if (row.used_at || row.created_at.getTime() + UPLOAD_LIFETIME_MS <= this.clock()) throw ERRORS.FILE_NO_LONGER_EXISTS;
    return this.inner.getUpload(id);
  }

  override async remove(id: string): Promise<void> {
    // The bytes first: a row left behind is swept again, bytes without a row would not be.
    await this.inner.remove(id).catch(() => {});
    await this.rows.delete(id);
  }

  read(id: string): Readable {
    return this.inner.read(id);
  }

  /** The first bytes of an upload, enough for a file signature. */
  async head(id: string, bytes = 16): Promise<Buffer> {
    let head = Buffer.alloc(0);
    const stream = this.read(id);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      head = Buffer.concat([head, chunk]);
      if (head.length >= bytes) break;
    }
    stream.destroy();
    return head;
  }

  /**
   * Judges an upload whose last byte is in: a PDF is marked finished (a submission may use
   * it), anything else is removed. False when it was refused.
   */
  async finish(id: string, isPdf: (head: Buffer) => boolean): Promise<boolean> {
    if (!isPdf(await this.head(id))) {
      await this.remove(id);
      return false;
    }
    await this.rows.markFinished(id, new Date(this.clock()));
    return true;
  }

  /** Whether all its bytes are in (its state, wherever the inner store keeps it). */
  async complete(id: string): Promise<boolean> {
    const upload = await this.inner.getUpload(id).catch(() => undefined);
    return upload !== undefined && upload.size !== undefined && upload.offset === upload.size;
  }

  /** Its bytes only (a submission stored them as its attachment); the row stays until its 7 days end. */
  async removeBytes(id: string): Promise<void> {
    await this.inner.remove(id).catch(() => {});
  }

  override getExpiration(): number {
    return UPLOAD_LIFETIME_MS;
  }

  /** The sweep: every upload made 7 days ago or more, finished or not, with its bytes. */
  override async deleteExpired(): Promise<number> {
    let removed = 0;
    for (;;) {
      const ids = await this.rows.madeBefore(new Date(this.clock() - UPLOAD_LIFETIME_MS + 1));
      for (const id of ids) await this.remove(id);
      removed += ids.length;
      if (ids.length < 500) return removed;
    }
  }
}


/**
 * PostgreSQL keeps an upload's state in its row and its bytes in resumable_upload_chunk,
 * so whichever instance a request reaches continues the upload. Each piece is written with
 * the offset it moves, in one transaction, and only from the offset the row holds: what
 * an interrupted PATCH had sent before the cut is kept, and the client resumes after it.
 */
export class DatabaseStore extends DataStore implements ReadableStore {
  private readonly db: Database;

  constructor(db: Database) {
    super();
    this.db = db;
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  // The row (migration 038) is made by RegisteredStore before this is called.
  override async create(upload: Upload): Promise<Upload> {
    return upload;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    let at = offset;
    // Rows as the stored files' (server/files/byte-rows.ts).
    const rows = byteRows(async (bytes) => {
      await this.db.transaction(async (tx) => {
        const moved = await tx.query('UPDATE resumable_upload SET "offset" = $3 WHERE id = $1 AND "offset" = $2 RETURNING id', [id, at, at + bytes.length]);
        // Another request wrote here meanwhile (the locker should never allow it): keep the bytes as they were.
        if (moved.length === 0) throw ERRORS.INVALID_OFFSET;
        await tx.query('INSERT INTO resumable_upload_chunk (upload_id, start_offset, bytes) VALUES ($1, $2, $3)', [id, at, bytes]);
      });
      at += bytes.length;
    });
    try {
      for await (const chunk of readable as AsyncIterable<Buffer>) await rows.add(chunk);
    } finally {
      // A cut connection keeps what arrived before it.
      await rows.flush();
    }
    return at;
  }

  override async getUpload(id: string): Promise<Upload> {
    const [row] = await this.db.query<UploadRow>('SELECT * FROM resumable_upload WHERE id = $1', [id]);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: Number(row.size),
      offset: Number(row.offset),
      metadata: row.metadata ?? {},
      creation_date: row.created_at.toISOString(),
    });
  }

  override async remove(id: string): Promise<void> {
    await this.db.query('DELETE FROM resumable_upload_chunk WHERE upload_id = $1', [id]);
  }

  read(id: string): Readable {
    const db = this.db;
    async function* pieces() {
      for (let at = 0; ;) {
        const [piece] = await db.query<{ bytes: Uint8Array }>(
          'SELECT bytes FROM resumable_upload_chunk WHERE upload_id = $1 AND start_offset = $2',
          [id, at],
        );
        if (!piece) return;
        at += piece.bytes.byteLength;
        yield Buffer.from(piece.bytes.buffer, piece.bytes.byteOffset, piece.bytes.byteLength);
      }
    }
    return Readable.from(pieces());
  }

  override getExpiration(): number {
    return UPLOAD_LIFETIME_MS;
  }
}
