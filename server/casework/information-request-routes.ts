import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { formFieldNames } from '../contract/call.ts';
import { ATTACHMENT_MAX_BYTES } from '../contract/constants.ts';
import { receiveForm } from '../files/multipart.ts';
import { pdfKind, type FileStorage } from '../files/storage.ts';
import { messageBody } from '../errors/messages.ts';
import { idempotentReplays } from '../metrics/metrics.ts';
import { idempotencyKeyOf, requestFingerprint } from '../web/idempotency-key.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { InformationRequests } from './information-requests.ts';
import type { UploadAttachments } from '../uploads/attachments.ts';

const answerForm = calls.answerInformationRequest.form;

/** Issue 25's "ask the customer": the officer's request and close, and the customer's answer (its PDF as createCase's). */
export const informationRequestRoutes: FastifyPluginAsync<{ service: InformationRequests; sessions: Sessions; storage: FileStorage; uploads: UploadAttachments }> = async (
  app,
  { service, sessions, storage, uploads },
) => {
  const route = callRoutes(app, sessions);

  route(calls.staffRequestInformation, async (request) => ({
    ...messageBody('informationRequested'),
    ...(await service.requestInformation(request.session, request.params.id, request.body.message, request.body.version)),
  }));
  route(calls.staffCloseUnanswered, async (request) => ({
    ...messageBody('caseClosedUnanswered'),
    ...(await service.closeUnanswered(request.session, request.params.id, request.body?.version)),
  }));

  route(calls.answerInformationRequest, async (request) => {
    // The outbox replays a queued answer with the same key: one answer, one receipt.
    const idempotencyKey = idempotencyKeyOf(request);
    const kind = pdfKind(ATTACHMENT_MAX_BYTES);
    const received = await receiveForm(request, storage, {
      fields: formFieldNames(answerForm),
      file: { field: answerForm.file.name, area: 'case-files', kind },
      // 2000 characters of Ethiopic are 6000 bytes of UTF-8.
      limits: { files: 1, fields: 3, fieldSize: 8_000 },
      tooLong: () => 'informationAnswerTooLong',
    });
    const { fields, fileSha256 } = received;
    const upload = await uploads.receive(storage, { uploadId: fields.attachment_upload, multipartFile: received.file, area: 'case-files', kind, idempotencyKey });
    const file = upload ? upload.file : received.file;
    const idempotency = idempotencyKey ? { key: idempotencyKey, fingerprint: requestFingerprint(fields, fileSha256) } : null;
    // A refused or repeated answer keeps no file.
    const { repeated } = await service
      .answer(request.session.id, request.params.id, fields.text, file, idempotency, (tx) => storage.claim(tx, 'case-files', file))
      .catch(async (error: unknown) => {
        await storage.remove('case-files', file);
        throw error;
      });
    if (repeated) {
      await storage.remove('case-files', file);
      idempotentReplays.inc({ kind: 'information_answer' });
    } else {
      await uploads.used(file);
    }
    return { ...messageBody('informationAnswered'), status: 'ongoing' as const };
  });
};
