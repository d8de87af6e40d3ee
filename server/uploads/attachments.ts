import { ApiError } from '../errors/api-error.ts';
import type { FileArea, FileKind, FileStorage } from '../files/storage.ts';
import { UPLOAD_ID, UPLOAD_LIFETIME_MS, type RegisteredStore, type UploadRows } from './store.ts';

/** What a form's `attachment_upload` became: the stored file (as a multipart part would), or a repeat. */
export interface UploadedAttachment {
  /** The stored file's name; null on a repeat of the submission that already used the upload. */
  file: string | null;
}

/**
 * Issue 27: a finished resumable upload named by a submission (`attachment_upload=<id>`)
 * becomes its attachment exactly as a multipart file part would: its bytes stream through
 * the same storage.save (size and PDF checks, a server-made name), and the upload is marked
 * used in the transaction that stores the submission's row, where the stored file is
 * claimed (FileStorage.claim): of two submissions naming one upload, one keeps it. The same
 * submission repeated with its Idempotency-Key stores nothing and answers its first receipt.
 */
export function createUploadAttachments({ rows, store, clock }: { rows: UploadRows; store: RegisteredStore; clock: () => number }) {
  /** Stored files copied from an upload, by name, until their row claims them (or they are removed). */
  const copied = new Map<string, { uploadId: string; idempotencyKey: string | null }>();

  async function finished(uploadId: string, kind: FileKind) {
    if (await store.finish(uploadId, (head) => kind.detect(head) !== undefined)) return true;
    throw new ApiError(400, kind.invalidMessage);
  }

  return {
    /**
     * The storage every feature is given: claiming a file copied from an upload also marks
     * the upload used, in the same transaction, or fails it (409) when another took it first.
     */
    claimingUploads(storage: FileStorage): FileStorage {
      return {
        ...storage,
        async claim(tx, area, name) {
          await storage.claim(tx, area, name);
          const copy = name ? copied.get(name) : undefined;
          if (!copy) return;
          if (!(await rows.claim(tx, copy.uploadId, copy.idempotencyKey, new Date(clock())))) throw new ApiError(409, 'uploadUsed');
        },
        async remove(area, name) {
          if (name) copied.delete(name);
          await storage.remove(area, name);
        },
      };
    },

    /**
     * Reads `attachment_upload` (with no multipart file beside it) into storage. An unknown id
     * is 404, one past its 7 days 410, one still being sent 409, one another submission used
     * 409; one this very submission used (same Idempotency-Key) answers `{ file: null }`, for
     * the service to answer its first receipt.
     */
    async receive(
      storage: FileStorage,
      { uploadId, multipartFile, area, kind, idempotencyKey }:
        { uploadId: string | undefined; multipartFile: string | null; area: FileArea; kind: FileKind; idempotencyKey: string | null },
    ): Promise<UploadedAttachment | undefined> {
      if (uploadId === undefined || uploadId === '') return undefined;
      if (multipartFile) {
        await storage.remove(area, multipartFile);
        throw new ApiError(400, 'uploadAndAttachment', 'send either an attachment or an attachment_upload, not both');
      }
      const row = UPLOAD_ID.test(uploadId) ? await rows.find(uploadId) : undefined;
      if (!row) throw new ApiError(404, 'uploadUnknown');
      if (row.used_at) {
        if (idempotencyKey !== null && row.used_key === idempotencyKey) return { file: null };
        throw new ApiError(409, 'uploadUsed');
      }
      if (row.created_at.getTime() + UPLOAD_LIFETIME_MS <= clock()) throw new ApiError(410, 'uploadExpired');
      // All its bytes are in but it was never judged (its instance stopped right after the last
      // byte): judged now, as it would have been then.
      if (!row.finished_at && !((await store.complete(uploadId)) && (await finished(uploadId, kind)))) {
        throw new ApiError(409, 'uploadUnfinished');
      }
      const { name, size } = await storage.save(area, store.read(uploadId), kind);
      // Removed while it was copied (a DELETE, the sweep): a part of it is not the file that was sent.
      if (size !== row.size) {
        await storage.remove(area, name);
        throw new ApiError(409, 'uploadUnfinished', `the upload had ${size} of its ${row.size} bytes`);
      }
      copied.set(name, { uploadId, idempotencyKey });
      return { file: name };
    },

    /**
     * After the submission was stored: the upload's bytes are not needed any more (the stored
     * file has them); its row stays, used, until its 7 days end, so a repeat is recognised.
     */
    async used(file: string | null) {
      const copy = file ? copied.get(file) : undefined;
      if (!copy || !file) return;
      copied.delete(file);
      await store.removeBytes(copy.uploadId);
    },
  };
}
export type UploadAttachments = ReturnType<typeof createUploadAttachments>;
