import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errorResponses, Id, IdParams } from '../contract/common.ts';
import {
  Case,
  CaseHistoryEntry,
  CaseListQuery,
  CaseListResponse,
  CaseNumberBody,
  CaseSummary,
  CreatedCase,
  PrintResponse,
} from '../contract/cases.ts';
import { idempotencyKeyOf } from '../web/idempotency-key.ts';
import { ApiError } from '../errors/api-error.ts';
import { messageBody } from '../errors/messages.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { FileStorage } from '../files/storage.ts';
import { normaliseCaseNumber } from './case-number.ts';
import type { CaseService } from './service.ts';
import { receiveApplication } from './upload.ts';
import type { Viewer } from './viewer.ts';

interface Options {
  service: CaseService;
  sessions: Sessions;
  viewer: Viewer;
  storage: FileStorage;
  lookupLimit: { max: number; windowMs: number };
}

/** The apply form's related-case selector: the customer's case numbers (SPEC section 7). */
const CaseNumberChoice = Type.Object({ _id: Id, case_number: Type.String() });


const withAuth = { 401: errorResponses[400], ...errorResponses };

/** SPEC section 7: customer_case_api and customer_case_history_api. */
export const caseRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { service, sessions, viewer, storage, lookupLimit }) => {
  const customerOnly = sessions.require('customer');
  const customerId = (request: FastifyRequest) => request.session!.id;

  app.post('/customer_case_api/create_case', {
    schema: { consumes: ['multipart/form-data'], response: { 201: CreatedCase, 413: errorResponses[400], ...withAuth } },
    preHandler: customerOnly,
  }, async (request, reply) => {
    // The outbox replays a queued application with the same key: one case, one receipt.
    const idempotencyKey = idempotencyKeyOf(request);
    const { fields, attachment } = await receiveApplication(request, storage);
    // A refused or repeated application keeps no file.
    const receipt = await service.apply(customerId(request), fields, attachment, idempotencyKey).catch((error: unknown) => {
      storage.remove('case-files', attachment);
      throw error;
    });
    if (receipt.repeated) storage.remove('case-files', attachment);
    return reply.status(201).send({ ...messageBody('caseSubmitted'), _id: receipt.id, case_number: receipt.caseNumber });
  });

  app.get('/customer_case_api/get_case', {
    schema: { querystring: CaseListQuery, response: { 200: CaseListResponse, ...withAuth } },
    preHandler: customerOnly,
  }, (request) => service.list(customerId(request), request.query));

  app.get('/customer_case_api/get_case_cust', {
    schema: { response: { 200: CaseSummary, ...withAuth } },
    preHandler: customerOnly,
  }, (request) => service.summary(customerId(request)));

  app.get('/customer_case_api/get_by_case_customerid', {
    schema: { response: { 200: Type.Array(CaseNumberChoice), ...withAuth } },
    preHandler: customerOnly,
  }, (request) => service.caseNumbers(customerId(request)));

  app.get('/customer_case_api/get_all_cases', {
    schema: { response: { 200: Type.Array(Case), ...withAuth } },
    preHandler: customerOnly,
  }, (request) => service.allCases(customerId(request)));

  // Beyond the SPEC: a case detail page must load on reload or from a link, not only from navigation state.
  app.get('/customer_case_api/get_case_by_id/:id', {
    schema: { params: IdParams, response: { 200: Case, ...withAuth } },
    preHandler: customerOnly,
  }, (request) => service.caseById(customerId(request), request.params.id));

  // A public lookup is limited per client address and per case number: carrier NAT puts many
  // people behind one address, and a botnet has many addresses (DESIGN.md). @fastify/rate-limit
  // runs a single limiter per request, so both counters are kept and checked here; the global
  // per-address limit still applies on top.
  const lookupLimiters = [
    (request: FastifyRequest) => `address:${request.ip}`,
    (request: FastifyRequest) => {
      const typed = String((request.body as { casenum?: string } | undefined)?.casenum ?? '');
      return `number:${normaliseCaseNumber(typed) ?? typed.trim().toUpperCase()}`;
    },
  ].map((key) => app.createRateLimit({
    max: lookupLimit.max,
    timeWindow: lookupLimit.windowMs,
    keyGenerator: (request) => `case-lookup:${key(request)}`,
  }));
  const limitLookups = async (request: FastifyRequest) => {
    const counts = await Promise.all(lookupLimiters.map((limiter) => limiter(request)));
    if (counts.some((count) => !count.isAllowed && count.isExceeded)) throw new ApiError(429, 'tooManyRequests');
  };

  app.post('/customer_case_api/get_case_by_casenum', {
    schema: { body: CaseNumberBody, response: { 200: Case, ...errorResponses } },
    preHandler: limitLookups,
  }, async (request) => service.lookup(await viewer(request), request.body.casenum));

  app.get('/customer_case_api/print_case/:id', {
    schema: { params: IdParams, response: { 200: PrintResponse, ...errorResponses } },
  }, async (request) => ({ file: await service.printName(await viewer(request), request.params.id) }));

  app.get('/customer_case_history_api/get_case_history', {
    schema: { response: { 200: Type.Array(CaseHistoryEntry), ...withAuth } },
    preHandler: customerOnly,
  }, (request) => service.history(customerId(request)));
};
