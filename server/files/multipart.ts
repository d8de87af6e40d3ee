import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';
import type { FileArea, FileKind, FileStorage } from './storage.ts';
import { hasNulByte, nulRefusal } from '../web/text-input.ts';

/** What one upload form accepts: its text fields, its one file part and multipart's limits. */
export interface FormShape<Field extends string> {
  fields: readonly Field[];
  file: { field: string; area: FileArea; kind: FileKind };
  /** Counts of parts beyond these are refused (tooManyFiles / tooManyFields), a field longer than fieldSize too. */
  limits: { files: number; fields: number; fieldSize: number };
  /** The refusal for a text field past fieldSize; default: fieldTooLong. */
  tooLong?: (field: Field) => MessageKey;
}

export interface ReceivedForm<Field extends string> {
  fields: Partial<Record<Field, string>>;
  /** The stored file's name, or null when none was sent. */
  file: string | null;
  /** SHA-256 (hex) of the stored file's bytes, for the Idempotency-Key's fingerprint; null without a file. */
  fileSha256: string | null;
}

/** Busboy's words for a body that stops inside a part, or before its closing boundary. */
const ENDED_EARLY = /unexpected end of multipart data/i;

/**
 * A complete request whose multipart body ends inside a part is an incomplete upload
 * (review #30, X9: it was a 500, logged as a failure of ours). Busboy says so on the
 * part's stream or on the parts as a plain Error, by these words only.
 */
const endedEarly = (error: unknown) =>
  ENDED_EARLY.test((error as Error).message) ? new ApiError(400, 'uploadIncomplete', 'the multipart body ended inside a part') : undefined;

/**
 * What a fault of reading the parts answers: multipart's limits keep their own errors (the
 * error handler words them); anything else busboy throws is a body it could not parse.
 */
function refusalOf(error: unknown): unknown {
  if ((error as { statusCode?: number }).statusCode) return error;
  return endedEarly(error) ?? new ApiError(400, 'invalidRequest', (error as Error).message);
}

/**
 * Reads an upload form whose parts may come in any order (issue 10: the one receiver
 * for registration, case applications and accusations). The file streams to storage
 * as it arrives, its size and signature checked on the way; text fields are kept.
 * Everything is read to the end even after a refusal, so the client gets the answer
 * rather than a reset connection; on any refusal the stored file is removed, so the
 * caller only has to remove it when it refuses the form itself.
 */
export async function receiveForm<Field extends string>(
  request: FastifyRequest,
  storage: FileStorage,
  shape: FormShape<Field>,
): Promise<ReceivedForm<Field>> {
  if (!request.isMultipart()) throw new ApiError(400, 'invalidRequest', 'multipart/form-data expected');
  const accepted = new Set<string>(shape.fields);
  const fields: Partial<Record<Field, string>> = {};
  let file: string | null = null;
  let fileSha256: string | null = null;
  let failure: unknown;
  try {
    const { files, fields: fieldCount, fieldSize } = shape.limits;
    const parts = request.parts({
      limits: { files, fields: fieldCount, parts: files + fieldCount, fieldSize, fileSize: shape.file.kind.maxBytes },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        // An empty file input sends a nameless, empty part; other files are not ours to keep.
        if (failure || part.fieldname !== shape.file.field || file || !part.filename) {
          part.file.resume();
          continue;
        }
        try {
          // save() answers 413 when multipart stopped at fileSize (TOOLCHAIN.md pitfall 5).
          ({ name: file, sha256: fileSha256 } = await storage.save(shape.file.area, part.file, shape.file.kind));
        } catch (error) {
          // A body that ends inside the file is the client's (400); a storage that failed is ours (500).
          failure = endedEarly(error) ?? error;
        }
      } else if (accepted.has(part.fieldname)) {
        const field = part.fieldname as Field;
        // A too-long field is cut short silently by busboy; valueTruncated tells us.
        if (part.valueTruncated) failure ??= new ApiError(400, shape.tooLong?.(field) ?? 'fieldTooLong', `${field} is too long`);
        // The hook over JSON bodies (server/web/text-input.ts) never sees a form's fields.
        if (hasNulByte(String(part.value))) failure ??= nulRefusal(field);
        // Browsers send form line breaks as CRLF; keep what the person typed.
        fields[field] = String(part.value).replace(/\r\n?/g, '\n');
      }
    }
  } catch (error) {
    failure ??= refusalOf(error);
  }
  if (failure === undefined) return { fields, file, fileSha256 };
  await storage.remove(shape.file.area, file);
  // Read what is left, so the client gets the answer and we learn whether the body was whole.
  request.raw.resume();
  await finished(request.raw).catch(() => {});
  // The client stopped sending mid-body: whatever broke on the way, the upload is incomplete.
  if (!request.raw.complete) throw new ApiError(400, 'uploadIncomplete', 'the request body ended early');
  throw failure;
}
