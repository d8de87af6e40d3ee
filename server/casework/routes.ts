import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { formFieldNames } from '../contract/call.ts';
import { ATTACHMENT_MAX_BYTES } from '../contract/constants.ts';
import { ApiError } from '../errors/api-error.ts';
import { receiveForm } from '../files/multipart.ts';
import { pdfKind, type FileStorage } from '../files/storage.ts';
import { messageBody } from '../errors/messages.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { CaseworkService } from './service.ts';
import type { UploadAttachments } from '../uploads/attachments.ts';

/** Staff moving a case through its states; the token check comes from the contract's roles. */
export const caseworkRoutes: FastifyPluginAsync<{ service: CaseworkService; sessions: Sessions; storage: FileStorage; uploads: UploadAttachments }> = async (
  app,
  { service, sessions, storage, uploads },
) => {
  const route = callRoutes(app, sessions);
  const responseForm = calls.staffRespondCase.form;

  route(calls.staffListCases, (request) => service.queue(request.session, request.query));
  route(calls.staffGetCase, (request) => service.caseForStaff(request.session, request.params.id));
  route(calls.staffPrintCase, async (request, reply) => {
    const { pdf, caseNumber } = await service.printout(request.session, request.params.id, request.query.language ?? 'am');
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="${caseNumber}.pdf"`)
      // A person's case with the staff's notes: never kept by a shared cache or the browser's.
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  });
  route(calls.staffTakeCase, async (request) => ({
    ...messageBody('caseTaken'),
    ...(await service.take(request.session, request.params.id, request.body?.version)),
  }));
  route(calls.staffAssignCase, async (request) => ({
    ...messageBody('caseAssigned'),
    ...(await service.assign(request.session, request.params.id, request.body.officer, request.body.version)),
  }));
  route(calls.staffBulkTakeCases, (request) => service.bulkTake(request.session, request.body.case_ids));
  route(calls.staffBulkAssignCases, (request) => service.bulkAssign(request.session, request.body.case_ids, request.body.officer_id));
  route(calls.staffListOfficers, (request) => service.officers(request.session));
  route(calls.staffScheduleCase, async (request) => ({
    ...messageBody('caseAppointmentSaved'),
    ...(await service.schedule(request.session, request.params.id, request.body)),
  }));
  route(calls.staffRespondCase, async (request) => {
    const kind = pdfKind(ATTACHMENT_MAX_BYTES);
    const received = await receiveForm(request, storage, {
      fields: formFieldNames(responseForm),
      file: { field: responseForm.file.name, area: 'case-files', kind },
      limits: { files: 1, fields: 4, fieldSize: 20_000 },
    });
    const { fields } = received;
    // No Idempotency-Key here: an upload is used by one response, a second is refused.
    const upload = await uploads.receive(storage, { uploadId: fields.attachment_upload, multipartFile: received.file, area: 'case-files', kind, idempotencyKey: null });
    const file = upload ? upload.file : received.file;
    const justification = fields.justification?.trim();
    if (!justification) {
      await storage.remove('case-files', file);
      throw new ApiError(400, 'justificationRequired');
    }
    const version = fields.version === undefined ? undefined : Number(fields.version);
    if (version !== undefined && !/^[0-9]{1,9}$/.test(fields.version!)) {
      await storage.remove('case-files', file);
      throw new ApiError(400, 'invalidRequest');
    }
    const responded = await service.respond(request.session, request.params.id, justification, file, version);
    await uploads.used(file);
    return { ...messageBody('caseResponded'), ...responded };
  });
  route(calls.staffApproveCase, async (request) => ({
    ...messageBody('caseApproved'),
    ...(await service.approve(request.session, request.params.id, request.body?.version)),
  }));
  route(calls.staffReturnCase, async (request) => ({
    ...messageBody('caseReturned'),
    ...(await service.sendBack(request.session, request.params.id, request.body.note.trim(), request.body.version)),
  }));
  route(calls.staffRejectCase, async (request) => ({
    ...messageBody('caseRejected'),
    ...(await service.reject(request.session, request.params.id, request.body.rejection_justification.trim(), request.body.version)),
  }));
  route(calls.staffTransferCase, async (request) => ({
    ...messageBody('caseTransferred'),
    ...(await service.transfer(request.session, request.params.id, { ...request.body, reason: request.body.reason.trim() })),
  }));
  route(calls.staffNoteCase, async (request) => {
    await service.note(request.session, request.params.id, request.body.text);
    return messageBody('caseNoteAdded');
  });
};
