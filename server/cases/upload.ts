import type { FastifyRequest } from 'fastify';
import { receiveForm } from '../files/multipart.ts';
import { pdfKind, type FileStorage } from '../files/storage.ts';
import { ATTACHMENT_MAX_BYTES } from '../contract/constants.ts';
import { calls } from '../contract/calls.ts';
import { formFieldNames } from '../contract/call.ts';

const application = calls.createCase.form;

/** Reads a create_case form: the fields, the stored attachment's name (or null) and its bytes' hash. */
export async function receiveApplication(request: FastifyRequest, storage: FileStorage) {
  const { fields, file, fileSha256 } = await receiveForm(request, storage, {
    fields: formFieldNames(application),
    file: { field: application.file.name, area: 'case-files', kind: pdfKind(ATTACHMENT_MAX_BYTES) },
    // The answers (form) are JSON of every question, so a field may be long.
    limits: { files: 3, fields: 12, fieldSize: 512 * 1024 },
    tooLong: (field) => (field === 'remark' ? 'caseRemarkTooLong' : 'caseFormInvalid'),
  });
  return { fields, attachment: file, fileSha256 };
}
