import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerErrorHandler } from './errors/error-handler.ts';
import { ApiError } from './errors/api-error.ts';
import { createDivisionStore } from './divisions/store.ts';
import { divisionRoutes } from './divisions/routes.ts';
import { webRoutes } from './web/routes.ts';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { loadTokenSecret } from './auth/secret.ts';
import { createSessions } from './auth/sessions.ts';
import { createGuessLimit } from './auth/guess-limit.ts';
import { createTokenSigner } from './auth/tokens.ts';
import { createFileStorage } from './files/storage.ts';
import { mediaRoutes } from './files/routes.ts';
import { createMailer } from './mail/mailer.ts';
import { createAccountStore } from './accounts/store.ts';
import { createAccountService } from './accounts/service.ts';
import { accountRoutes } from './accounts/routes.ts';

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

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
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
  const storage = createFileStorage(path.join(config.dataDir, 'files'));
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }, app.log);

  await app.register(divisionRoutes, { store: createDivisionStore(db), sessions });
  await app.register(accountRoutes, {
    service: createAccountService({ store: createAccountStore(db), sessions, mailer, secret, publicUrl: config.publicUrl }),
    sessions,
    storage,
    guessLimit: createGuessLimit(db, config.guessLimit),
  });
  await app.register(mediaRoutes, { storage });
  await app.register(webRoutes, { staticDir: config.staticDir });
  return app;
}

async function openRedis(url: string) {
  const { Redis } = await import('ioredis');
  // Rate limiting must not take the portal down with Redis: fail fast, do not queue.
  return new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false });
}
