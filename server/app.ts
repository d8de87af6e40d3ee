import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerErrorHandler } from './errors/error-handler.ts';
import { openApiCollector } from './docs/openapi.ts';
import { ApiError } from './errors/api-error.ts';
import { createDivisionStore } from './divisions/store.ts';
import { divisionRoutes } from './divisions/routes.ts';
import { isApiPath, webRoutes } from './web/routes.ts';
import { createStaffStore } from './staff/store.ts';
import { staffRoutes } from './staff/routes.ts';
import { createAccusationStore } from './accusations/store.ts';
import { accusationRoutes } from './accusations/routes.ts';
import multipart from '@fastify/multipart';
import { loadTokenSecret } from './auth/secret.ts';
import { createSessions } from './auth/sessions.ts';
import { createGuessLimit } from './auth/guess-limit.ts';
import { createTokenSigner } from './auth/tokens.ts';
import { dataDirStorage } from './files/storage.ts';
import { mediaRoutes } from './files/routes.ts';
import { createMailer } from './mail/mailer.ts';
import { createAccountStore } from './accounts/store.ts';
import { createAccountService } from './accounts/service.ts';
import { accountRoutes } from './accounts/routes.ts';
import { createCaseRequestStore } from './cases/case-request-store.ts';
import { caseRequestRoutes } from './cases/case-request-routes.ts';
import { createCaseStore } from './cases/store.ts';
import { createCaseService } from './cases/service.ts';
import { createPrintLinks } from './cases/print-links.ts';
import { createViewer } from './cases/viewer.ts';
import { caseRoutes } from './cases/routes.ts';
import { caseFileResolver } from './cases/case-files.ts';
import { createRatingStore } from './ratings/store.ts';
import { createRatingService } from './ratings/service.ts';
import { ratingRoutes } from './ratings/routes.ts';

export interface AppOptions {
  config: Config;
  db: Database;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
}

/** Builds the whole server; main.ts and every API test call this with the same options. */
export async function buildApp({ config, db, logger = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === true ? { level: config.logLevel, redact: ['req.headers.authorization'] } : logger,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    // Ids and filters arrive as strings; coerce "2" to 2 and keep extra fields out.
    ajv: { customOptions: { coerceTypes: true, removeAdditional: 'all', allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerErrorHandler(app);
  const openApi = openApiCollector(app);

  await app.register(rateLimit, {
    global: true,
    // The app's own files are counted apart, with room for the ~50 a first visit loads,
    // so browsing never eats into the API budget and the API never blocks the app shell.
    max: (request) => (isApiPath(request.url) ? config.rateLimit.max : config.rateLimit.max * 10),
    keyGenerator: (request) => `${request.ip}:${isApiPath(request.url) ? 'api' : 'app'}`,
    timeWindow: config.rateLimit.windowMs,
    ...(config.redisUrl ? { redis: await openRedis(config.redisUrl), nameSpace: 'portal-rate-limit-' } : {}),
    // The error handler turns this into the 429 body with Retry-After: 180 (SPEC section 8).
    skipOnError: true,
    errorResponseBuilder: () => new ApiError(429, 'tooManyRequests'),
  });

  // Each upload route sets its own tighter limits; these bound everything else.
  await app.register(multipart, { limits: { fields: 30, fieldSize: 100_000, files: 2, fileSize: 10 * 1024 * 1024 } });

  const secret = await loadTokenSecret(db, config.tokenSecret);
  const sessions = createSessions(db, createTokenSigner(secret), config.tokenTtlSeconds);
  const storage = dataDirStorage(config.dataDir);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }, app.log);

  await app.register(divisionRoutes, { store: createDivisionStore(db), sessions });
  await app.register(accountRoutes, {
    service: createAccountService({ store: createAccountStore(db), sessions, mailer, secret, publicUrl: config.publicUrl }),
    sessions,
    storage,
    guessLimit: createGuessLimit(db, config.guessLimit),
  });
  const caseRequests = createCaseRequestStore(db);
  const cases = createCaseService({
    cases: createCaseStore(db, config.caseNumberPrefix),
    caseRequests,
    printLinks: createPrintLinks(secret),
    storage,
  });
  const viewer = createViewer(sessions);
  await app.register(caseRequestRoutes, { store: caseRequests, sessions });
  await app.register(caseRoutes, { service: cases, sessions, viewer, storage, lookupLimit: config.lookupLimit });
  await app.register(ratingRoutes, { service: createRatingService(createRatingStore(db)), sessions });
  await app.register(mediaRoutes, { storage, caseFiles: caseFileResolver(cases, viewer) });
  await app.register(staffRoutes, { store: createStaffStore(db), sessions, guessLimit: createGuessLimit(db, config.guessLimit) });
  await app.register(accusationRoutes, {
    store: createAccusationStore(db),
    sessions,
    storage,
    submissionLimit: createGuessLimit(db, config.submissionLimit),
    referencePrefix: config.accusationReferencePrefix,
  });
  let document: ReturnType<typeof openApi> | undefined;
  app.get('/docs/openapi.json', (_request, reply) => {
    // Made once, on first ask: by then every route is registered.
    document ??= openApi(process.env.npm_package_version ?? '0.1.0');
    return reply.header('Cache-Control', 'no-cache').send(document);
  });
  await app.register(webRoutes, { staticDir: config.staticDir });
  return app;
}

async function openRedis(url: string) {
  const { Redis } = await import('ioredis');
  // Rate limiting must not take the portal down with Redis: fail fast, do not queue.
  return new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false });
}
