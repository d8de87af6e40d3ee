import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { idempotencyKeyOf, requestFingerprint } from '../web/idempotency-key.ts';
import { callRoutes } from '../web/call-routes.ts';
import { idempotentReplays } from '../metrics/metrics.ts';
import { messageBody } from '../errors/messages.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import type { FileStorage } from '../files/storage.ts';
import { normaliseCaseNumber } from './case-number.ts';
import type { CaseService } from './service.ts';
import { receiveApplication } from './upload.ts';
import { pdfKind } from '../files/storage.ts';
import { ATTACHMENT_MAX_BYTES } from '../contract/constants.ts';
import { lookupLimit } from '../limits/lookup-limit.ts';
import type { Viewer } from './viewer.ts';
import type { UploadAttachments } from '../uploads/attachments.ts';

interface Options {
  service: CaseService;
  sessions: Sessions;
  viewer: Viewer;
  storage: FileStorage;
  /** Issue 27: a finished resumable upload in place of the file part. */
  uploads: UploadAttachments;
  lookupLimit: { max: number; windowMs: number };
}

/** SPEC section 7: customer_case_api and customer_case_history_api. */
export const caseRoutes: FastifyPluginAsync<Options> = async (app, { service, sessions, viewer, storage, uploads, lookupLimit: lookupLimitOptions }) => {
  const route = callRoutes(app, sessions);
  const customerId = (request: { session: SessionClaims }) => request.session.id;

  route(calls.createCase, async (request) => {
    // The outbox replays a queued application with the same key: one case, one receipt.
    const idempotencyKey = idempotencyKeyOf(request);
    const received = await receiveApplication(request, storage);
    const { fields, fileSha256 } = received;
    const upload = await uploads.receive(storage, {
      uploadId: fields.attachment_upload, multipartFile: received.attachment, area: 'case-files', kind: pdfKind(ATTACHMENT_MAX_BYTES), idempotencyKey,
    });
    const attachment = upload ? upload.file : received.attachment;
    const idempotency = idempotencyKey ? { key: idempotencyKey, fingerprint: requestFingerprint(fields, fileSha256) } : null;
    // A refused or repeated application keeps no file.
    const receipt = await service.apply(customerId(request), fields, attachment, idempotency).catch(async (error: unknown) => {
      await storage.remove('case-files', attachment);
      throw error;
    });
    if (receipt.repeated) {
      await storage.remove('case-files', attachment);
      idempotentReplays.inc({ kind: 'case' });
    } else {
      await uploads.used(attachment);
    }
    return { ...messageBody('caseSubmitted'), _id: receipt.id, case_number: receipt.caseNumber };
  });

  route(calls.getCases, (request) => service.list(customerId(request), request.query));
  route(calls.getCaseSummary, (request) => service.summary(customerId(request)));
  route(calls.getCaseNumbers, (request) => service.caseNumbers(customerId(request)));
  route(calls.getAllCases, (request) => service.allCases(customerId(request)));
  // Beyond the SPEC: a case detail page must load on reload or from a link, not only from navigation state.
  route(calls.getCaseById, (request) => service.caseById(customerId(request), request.params.id));

  const limitLookups = lookupLimit(app, 'case-lookup', lookupLimitOptions, (request) => {
    const typed = String((request.body as { casenum?: string } | undefined)?.casenum ?? '');
    return normaliseCaseNumber(typed) ?? typed.trim().toUpperCase();
  });

  // The response schema also strips anything outside the public shape on its way out.
  route(calls.checkCaseStatus, async (request) => service.lookup(await viewer(request), request.body.casenum), {
    // Answered to a token or not, it is about one person's case: no cache may keep it.
    config: { personal: true },
    preHandler: limitLookups,
  });

  route(calls.printCase, async (request) => ({ file: await service.printName(await viewer(request), request.params.id) }));

  route(calls.getCaseHistory, (request) => service.history(customerId(request)));
};
