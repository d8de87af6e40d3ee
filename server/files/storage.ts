import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { ApiError } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';

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

/**
 * Every stored file goes through here (DESIGN.md: one storage module), under a
 * server-made name outside any static root, so a shared store can replace the folder.
 */
export function createFileStorage(root: string) {
  const folder = (area: FileArea) => path.join(root, area);
  const safeName = (name: string) => /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/.test(name);

  return {
    /**
     * Streams an upload to disk, checking its size as it flows and its signature at the
     * end; anything refused is deleted and answered with a clear 4xx.
     */
    async save(area: FileArea, upload: UploadStream, kind: FileKind): Promise<{ name: string; size: number }> {
      fs.mkdirSync(folder(area), { recursive: true });
      const partial = path.join(folder(area), `${randomUUID()}.part`);
      let size = 0;
      let head = Buffer.alloc(0);
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (head.length < 16) head = Buffer.concat([head, chunk]).subarray(0, 16);
          if (size > kind.maxBytes) return done(new ApiError(413, kind.tooLargeMessage));
          done(null, chunk);
        },
      });
      try {
        await pipeline(upload, measure, fs.createWriteStream(partial));
        // Multipart stops reading at its own limit without an error (TOOLCHAIN.md pitfall 5).
        if (upload.truncated) throw new ApiError(413, kind.tooLargeMessage);
        const extension = kind.detect(head);
        if (!extension || size === 0) throw new ApiError(400, kind.invalidMessage);
        const name = `${randomUUID()}.${extension}`;
        fs.renameSync(partial, path.join(folder(area), name));
        return { name, size };
      } catch (error) {
        fs.rmSync(partial, { force: true });
        // Keep reading what the client still sends so the refusal reaches it cleanly.
        upload.resume();
        throw error;
      }
    },

    open(area: FileArea, name: string): { stream: fs.ReadStream; size: number } | undefined {
      if (!safeName(name)) return undefined;
      const file = path.join(folder(area), name);
      try {
        const { size } = fs.statSync(file);
        return { stream: fs.createReadStream(file), size };
      } catch {
        return undefined;
      }
    },

    remove(area: FileArea, name: string | null | undefined) {
      if (name && safeName(name)) fs.rmSync(path.join(folder(area), name), { force: true });
    },
  };
}
export type FileStorage = ReturnType<typeof createFileStorage>;

/** The storage every part of the server uses: DATA_DIR/files. */
export const dataDirStorage = (dataDir: string) => createFileStorage(path.join(dataDir, 'files'));

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
