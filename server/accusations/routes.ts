import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { calls } from '../contract/calls.ts';
import { formFieldNames } from '../contract/call.ts';
import { notFound } from '../errors/api-error.ts';
import { messageBody } from '../errors/messages.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { GuessLimit } from '../auth/guess-limit.ts';
import { pdfKind, type FileStorage } from '../files/storage.ts';
import { receiveForm } from '../files/multipart.ts';
import { ATTACHMENT_MAX_BYTES } from '../contract/constants.ts';
import { idempotencyKeyOf, requestFingerprint } from '../web/idempotency-key.ts';
import { callRoutes } from '../web/call-routes.ts';
import { idempotentReplays } from '../metrics/metrics.ts';
import type { AccusationService } from './service.ts';
import type { UploadAttachments } from '../uploads/attachments.ts';


interface Options {
  service: AccusationService;
  sessions: Sessions;
  storage: FileStorage;
  /** Issue 27: a finished resumable upload in place of the file part. */
  uploads: UploadAttachments;
  /** Filing is open to anyone: a per-address cap on top of the global limit stops floods. */
  submissionLimit: GuessLimit;
}

/** SPEC section 7 create_accusation, and the attachments ethics users open. */
export const accusationRoutes: FastifyPluginAsync<Options> = async (app, { service, sessions, storage, uploads, submissionLimit }) => {
  const route = callRoutes(app, sessions);
  const accusationForm = calls.createAccusation.form;

  route(calls.createAccusation, async (request) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const kind = pdfKind(ATTACHMENT_MAX_BYTES);
    const { fields, file, fileSha256 } = await receiveForm(request, storage, {
      fields: formFieldNames(accusationForm),
      file: { field: accusationForm.file.name, area: 'accusation-files', kind },
      limits: { files: 1, fields: 10, fieldSize: 20_000 },
    });
    const upload = await uploads.receive(storage, { uploadId: fields.attachment_upload, multipartFile: file, area: 'accusation-files', kind, idempotencyKey });
    const attachment = upload ? upload.file : file;
    const idempotency = idempotencyKey ? { key: idempotencyKey, fingerprint: requestFingerprint(fields, fileSha256) } : null;
    const { reference, repeated } = await service.file(fields, attachment, idempotency);
    if (repeated) idempotentReplays.inc({ kind: 'accusation' });
    else await uploads.used(attachment);
    return { ...messageBody('accusationReceived'), reference };
  }, { preHandler: submissionLimit('accusation', (request) => request.ip) });

  // Attachments are evidence about named people: acceptors only, never cached, never run.
  app.get<{ Params: { file: string } }>('/media/AccusationFiles/:file', {
    schema: { params: Type.Object({ file: Type.String({ maxLength: 64 }) }) },
    preHandler: sessions.require('accusation_acceptor'),
  }, async (request, reply) => {
    const file = await service.openAttachment(request.params.file);
    if (!file) throw notFound();
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Length', file.size)
      .header('Content-Disposition', `inline; filename="${request.params.file}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, no-store')
      .send(file.stream);
  });
};
