import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, IdParams } from '../contract/common.ts';
import { Accusation, AccusationList, AccusationListQuery, CreatedAccusation } from '../contract/accusations.ts';
import { ApiError, notFound } from '../errors/api-error.ts';
import { messageBody } from '../errors/messages.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { GuessLimit } from '../auth/guess-limit.ts';
import { pdfKind, type FileStorage } from '../files/storage.ts';
import { ethiopianYear } from '../calendar/ethiopian-year.ts';
import { idempotencyKeyOf } from '../web/idempotency-key.ts';
import type { AccusationStore } from './store.ts';
import { validateAccusation } from './validation.ts';

const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
const FIELDS = new Set(['name', 'phone', 'subject', 'description', 'accused_organizational_part']);

interface Options {
  store: AccusationStore;
  sessions: Sessions;
  storage: FileStorage;
  /** Filing is open to anyone: a per-address cap on top of the global limit stops floods. */
  submissionLimit: GuessLimit;
  referencePrefix: string;
}

/** SPEC section 7 create_accusation, and what accusation acceptors need to do their job (issue 5). */
export const accusationRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { store, sessions, storage, submissionLimit, referencePrefix }) => {
  const acceptorOnly = sessions.require('accusation_acceptor');

  app.post('/accusation_acceptor_api/create_accusation', {
    schema: { consumes: ['multipart/form-data'], response: { 201: CreatedAccusation, 413: errorResponses[400], ...errorResponses } },
    preHandler: submissionLimit('accusation', (request) => request.ip),
  }, async (request, reply) => {
    if (!request.isMultipart()) throw new ApiError(400, 'invalidRequest', 'multipart/form-data expected');
    const idempotencyKey = idempotencyKeyOf(request);
    const fields: Record<string, string> = {};
    let attachment: string | null = null;
    try {
      for await (const part of request.parts({ limits: { files: 1, fields: 10, fieldSize: 20_000, fileSize: ATTACHMENT_MAX_BYTES } })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'attachment' || attachment || !part.filename) {
            part.file.resume();
            continue;
          }
          attachment = (await storage.save('accusation-files', part.file, pdfKind(ATTACHMENT_MAX_BYTES))).name;
        } else if (FIELDS.has(part.fieldname)) {
          fields[part.fieldname] = String(part.value);
        }
      }
      const accusation = validateAccusation(fields);
      let result: { reference: string; repeated: boolean };
      try {
        result = await store.insert({ ...accusation, attachment }, ethiopianYear(new Date()), referencePrefix, idempotencyKey);
      } catch (error) {
        // Two sends of one key at the same moment: the unique key lets one in; the other gets its receipt.
        const first = idempotencyKey ? await store.referenceFor(idempotencyKey) : undefined;
        if (!first) throw error;
        result = { reference: first, repeated: true };
      }
      // A repeat stores nothing, its copy of the file included.
      if (result.repeated) storage.remove('accusation-files', attachment);
      return reply.status(201).send({ ...messageBody('accusationReceived'), reference: result.reference });
    } catch (error) {
      storage.remove('accusation-files', attachment);
      throw error;
    }
  });

  app.get('/accusation_acceptor_api/get_accusations', {
    schema: { querystring: AccusationListQuery, response: { 200: AccusationList, 401: errorResponses[400], ...errorResponses } },
    preHandler: acceptorOnly,
  }, (request) => store.page(request.query));

  app.get('/accusation_acceptor_api/get_accusations/:id', {
    schema: { params: IdParams, response: { 200: Accusation, 401: errorResponses[400], ...errorResponses } },
    preHandler: acceptorOnly,
  }, async (request) => {
    const accusation = await store.byId(request.params.id);
    if (!accusation) throw notFound();
    return accusation;
  });

  // Attachments are evidence about named people: acceptors only, never cached, never run.
  app.get('/media/AccusationFiles/:file', {
    schema: { params: Type.Object({ file: Type.String({ maxLength: 64 }) }) },
    preHandler: acceptorOnly,
  }, async (request, reply) => {
    const file = (await store.hasAttachment(request.params.file)) ? storage.open('accusation-files', request.params.file) : undefined;
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
