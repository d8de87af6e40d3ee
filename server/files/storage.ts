import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform, Writable } from 'node:stream';
import { ApiError } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';
import type { Database, Queryable } from '../db/database.ts';
import { byteRows } from './byte-rows.ts';

/** The folders files are kept in; each is served (or not) by the feature that owns it. */
export type FileArea = 'customer-images' | 'case-files' | 'accusation-files';

export interface FileKind {
  /** File-name extension by what the first bytes say the file is; undefined refuses it. */
  detect(head: Buffer): string | undefined;
  maxBytes: number;
  invalidMessage: MessageKey;
  tooLargeMessage: MessageKey;
}

/** A stream from @fastify/multipart sets `truncated` when it passed the size limit. */
type UploadStream = Readable & { truncated?: boolean };

export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * Every stored file goes through here (DESIGN.md: one storage module), under a
 * server-made name outside any static root: a folder for the embedded database, the
 * database itself when it is a PostgreSQL server that every instance shares.
 */
export interface FileStorage {
  /**
   * Streams an upload in, checking its size as it flows and its signature at the end;
   * anything refused is deleted and answered with a clear 4xx. sha256 (hex) of its bytes
   * lets an Idempotency-Key tell a repeat from another request. The file is an orphan
   * until the transaction storing its row claims it.
   */
  save(area: FileArea, upload: UploadStream, kind: FileKind): Promise<{ name: string; size: number; sha256: string }>;
  open(area: FileArea, name: string): Promise<StoredFile | undefined>;
  /**
   * Best effort, never rejects: a file left behind costs only space, and the answer the
   * caller is about to give (often a refusal) must not become a failure because of it.
   */
  remove(area: FileArea, name: string | null | undefined): Promise<void>;
  /**
   * Marks a saved file as its row's, inside the transaction that stores the row: the row
   * and its file are kept together or not at all. Throws when the file is gone.
   */
  claim(tx: Queryable, area: FileArea, name: string | null): Promise<void>;
  /** Deletes uploads a crash left half-written or never claimed; returns how many. */
  removeOrphans(): Promise<number>;
}

const AREAS: FileArea[] = ['customer-images', 'case-files', 'accusation-files'];
const safeName = (name: string) => /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/.test(name);

/**
 * Counts and checks an upload on its way to storage; after the stream ends, `accepted()`
 * names the extension the signature gave, or throws the refusal.
 */
function checkedUpload(upload: UploadStream, kind: FileKind) {
  let size = 0;
  let head = Buffer.alloc(0);
  const hash = createHash('sha256');
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      if (head.length < 16) head = Buffer.concat([head, chunk]).subarray(0, 16);
      if (size > kind.maxBytes) return done(new ApiError(413, kind.tooLargeMessage));
      done(null, chunk);
    },
  });
  return {
    measure,
    accepted(): { extension: string; size: number; sha256: string } {
      // Multipart stops reading at its own limit without an error (TOOLCHAIN.md pitfall 5).
      if (upload.truncated) throw new ApiError(413, kind.tooLargeMessage);
      const extension = kind.detect(head);
      if (!extension || size === 0) throw new ApiError(400, kind.invalidMessage);
      return { extension, size, sha256: hash.digest('hex') };
    },
  };
}

/**
 * Files under DATA_DIR/files: one machine's folder, for the embedded database (one
 * instance). A folder cannot take part in a database transaction, so claim does nothing
 * here: a crash between a finished upload and its row leaves that file in the folder
 * (space only; no row names it, so nobody is served it).
 */
export function folderStorage(root: string): FileStorage {
  const folder = (area: FileArea) => path.join(root, area);
  return {
    async save(area, upload, kind) {
      fs.mkdirSync(folder(area), { recursive: true });
      const partial = path.join(folder(area), `${randomUUID()}.part`);
      const check = checkedUpload(upload, kind);
      try {
        await pipeline(upload, check.measure, fs.createWriteStream(partial));
        const { extension, size, sha256 } = check.accepted();
        const name = `${randomUUID()}.${extension}`;
        fs.renameSync(partial, path.join(folder(area), name));
        return { name, size, sha256 };
      } catch (error) {
        fs.rmSync(partial, { force: true });
        // Keep reading what the client still sends so the refusal reaches it cleanly.
        upload.resume();
        throw error;
      }
    },

    async open(area, name) {
      if (!safeName(name)) return undefined;
      const file = path.join(folder(area), name);
      try {
        const { size } = fs.statSync(file);
        return { stream: fs.createReadStream(file), size };
      } catch {
        return undefined;
      }
    },

    async remove(area, name) {
      if (name && safeName(name)) fs.rmSync(path.join(folder(area), name), { force: true });
    },

    async claim() {},

    // One process holds the folder (the PGlite lock), so every .part file is a dead upload.
    async removeOrphans() {
      let removed = 0;
      for (const area of AREAS) {
        if (!fs.existsSync(folder(area))) continue;
        for (const file of fs.readdirSync(folder(area)).filter((f) => f.endsWith('.part'))) {
          fs.rmSync(path.join(folder(area), file), { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

/** Another instance may still be writing, or about to claim, a younger file. */
const ORPHAN_AGE = '1 hour';

/**
 * Files in PostgreSQL (migrations 006 and 008), so every instance behind a load balancer
 * serves every file. A file is written chunk by chunk under a `.part` name and gets its
 * real name, and `complete`, only once it passed every check; it becomes `claimed` in the
 * transaction that stores the row naming it. A crash leaves an unfinished or unclaimed
 * row that a later start deletes.
 */
export function databaseStorage(db: Queryable): FileStorage {
  const writeChunks = (id: string) => {
    let seq = 0;
    const rows = byteRows((bytes) => db.query('INSERT INTO stored_file_chunk (file_id, seq, bytes) VALUES ($1, $2, $3)', [id, seq++, bytes]));
    return new Writable({
      write(chunk: Buffer, _encoding, done) {
        rows.add(chunk).then(() => done(), done);
      },
      final(done) {
        rows.flush().then(() => done(), done);
      },
    });
  };

  // Ends as soon as the last byte is out, not one query later: the client has its
  // Content-Length by then, and a response still open would hold a shutdown up.
  async function* chunksOf(id: string, size: number) {
    for (let seq = 0, sent = 0; sent < size; seq++) {
      const [chunk] = await db.query<{ bytes: Uint8Array }>('SELECT bytes FROM stored_file_chunk WHERE file_id = $1 AND seq = $2', [id, seq]);
      // Removed while it was being read: break the answer rather than leave it waiting.
      if (!chunk) throw new Error(`stored file ${id} lost its chunk ${seq}`);
      sent += chunk.bytes.byteLength;
      yield Buffer.from(chunk.bytes.buffer, chunk.bytes.byteOffset, chunk.bytes.byteLength);
    }
  }

  return {
    async save(area, upload, kind) {
      const id = randomUUID();
      const check = checkedUpload(upload, kind);
      try {
        await db.query('INSERT INTO stored_file (id, area, name) VALUES ($1, $2, $3)', [id, area, `${id}.part`]);
        await pipeline(upload, check.measure, writeChunks(id));
        const { extension, size, sha256 } = check.accepted();
        const name = `${randomUUID()}.${extension}`;
        await db.query('UPDATE stored_file SET name = $2, size = $3, complete = true WHERE id = $1', [id, name, size]);
        return { name, size, sha256 };
      } catch (error) {
        await db.query('DELETE FROM stored_file WHERE id = $1', [id]).catch(() => {});
        upload.resume();
        throw error;
      }
    },

    async open(area, name) {
      if (!safeName(name)) return undefined;
      const [file] = await db.query<{ id: string; size: number }>(
        'SELECT id, size FROM stored_file WHERE area = $1 AND name = $2 AND complete',
        [area, name],
      );
      return file ? { stream: Readable.from(chunksOf(file.id, file.size)), size: file.size } : undefined;
    },

    async remove(area, name) {
      if (!name || !safeName(name)) return;
      await db.query('DELETE FROM stored_file WHERE area = $1 AND name = $2', [area, name]).catch(() => {});
    },

    async claim(tx, area, name) {
      if (!name) return;
      const claimed = await tx.query('UPDATE stored_file SET claimed = true WHERE area = $1 AND name = $2 AND complete RETURNING id', [area, name]);
      if (claimed.length === 0) throw new Error(`stored file ${area}/${name} is gone; its row cannot keep it`);
    },

    async removeOrphans() {
      const removed = await db.query(
        `DELETE FROM stored_file WHERE NOT claimed AND created_at < now() - interval '${ORPHAN_AGE}' RETURNING id`,
      );
      return removed.length;
    },
  };
}

/** PostgreSQL (shared by instances) keeps the files; the embedded database keeps them in DATA_DIR/files. */
export const fileStorageFor = (db: Database, dataDir: string): FileStorage =>
  db.kind === 'postgres' ? databaseStorage(db) : folderStorage(path.join(dataDir, 'files'));

const startsWith = (head: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);

/** JPEG, PNG or WebP by their magic numbers, never by the name or type the client claims. */
export const imageKind = (maxBytes: number): FileKind => ({
  maxBytes,
  invalidMessage: 'imageInvalid',
  tooLargeMessage: 'imageTooLarge',
  detect(head) {
    if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg';
    if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
    if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
    return undefined;
  },
});

/** A PDF by its signature (`%PDF-`), whatever name or type the client claims (DESIGN.md). */
export const pdfKind = (maxBytes: number): FileKind => ({
  maxBytes,
  invalidMessage: 'attachmentInvalid',
  tooLargeMessage: 'attachmentTooLarge',
  detect: (head) => (head.subarray(0, 5).toString('latin1') === '%PDF-' ? 'pdf' : undefined),
});

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
