import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.ts';
import { pdfKind, type FileStorage } from '../files/storage.ts';
import type { ApplicationFields } from './service.ts';

/** SPEC section 9: attachments are PDFs of at most 10 MB. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

const FIELDS = new Set<keyof ApplicationFields>(['division', 'caselist', 'form', 'remark', 'related_case_id']);

/**
 * Reads a create_case form whose parts may come in any order: the attachment streams to
 * storage as it arrives (size and signature checked on the way), the fields are kept.
 * Everything is read to the end even after a refusal, so the client gets the answer
 * rather than a reset connection; on a refusal the stored file is removed.
 */
export async function receiveApplication(request: FastifyRequest, storage: FileStorage) {
  if (!request.isMultipart()) throw new ApiError(400, 'invalidRequest', 'multipart/form-data expected');
  const fields: ApplicationFields = {};
  let attachment: string | null = null;
  let failure: unknown;
  try {
    // A too-long field is truncated silently by busboy; valueTruncated tells us.
    const parts = request.parts({ limits: { files: 3, fields: 12, parts: 20, fieldSize: 512 * 1024, fileSize: ATTACHMENT_MAX_BYTES } });
    for await (const part of parts) {
      if (part.type === 'file') {
        // An empty file input sends a nameless, empty part; other files are not ours to keep.
        if (failure || part.fieldname !== 'attachment' || attachment || !part.filename) {
          part.file.resume();
          continue;
        }
        try {
          // save() answers 413 when multipart stopped at fileSize (TOOLCHAIN.md pitfall 5).
          attachment = (await storage.save('case-files', part.file, pdfKind(ATTACHMENT_MAX_BYTES))).name;
        } catch (error) {
          failure = error;
        }
      } else if (FIELDS.has(part.fieldname as keyof ApplicationFields)) {
        if (part.valueTruncated) {
          failure ??= new ApiError(400, part.fieldname === 'remark' ? 'caseRemarkTooLong' : 'caseFormInvalid', `${part.fieldname} is too long`);
        }
        // Browsers send form line breaks as CRLF; keep what the person typed.
        fields[part.fieldname as keyof ApplicationFields] = String(part.value).replace(/\r\n?/g, '\n');
      }
    }
  } catch (error) {
    // Multipart's own limits (too many parts, the file-size flag) end the reading.
    failure ??= error;
  }
  if (failure) {
    storage.remove('case-files', attachment);
    throw failure;
  }
  return { fields, attachment };
}
