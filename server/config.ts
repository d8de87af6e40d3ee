import path from 'node:path';

/** Everything the server reads from its environment, read once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… to use a PostgreSQL server; empty for the embedded PGlite in dataDir. */
  databaseUrl: string;
  /** redis://… to share rate-limit counters between instances; empty keeps them in memory. */
  redisUrl: string;
  rateLimit: { max: number; windowMs: number };
  /** Where the built PWA lives; empty serves the API only. */
  staticDir: string;
  logLevel: string;
  seedDemoData: boolean;
  /** The address people reach the portal at, for links in e-mails. */
  publicUrl: string;
  /** HMAC key for session tokens; empty: one is made on first start and kept in the database. */
  tokenSecret: string;
  tokenTtlSeconds: number;
  /** smtp(s)://user:pass@host:port to send mail; empty writes each mail to DATA_DIR/mail/. */
  smtpUrl: string;
  mailFrom: string;
  /** Per-route limits for guessable secrets (one-time codes, reset tokens, logins). */
  guessLimit: { max: number; windowMs: number };
  /** Case numbers read <prefix>-<Ethiopian year>-<six digits>, e.g. HDC-2019-000123. */
  caseNumberPrefix: string;
  /** Per client address and per case number limit on the public case status check. */
  lookupLimit: { max: number; windowMs: number };
  /** Accusations filed per address (anyone may file; this stops floods). */
  submissionLimit: { max: number; windowMs: number };
  accusationReferencePrefix: string;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function caseNumberPrefix(env: NodeJS.ProcessEnv): string {
  const prefix = (env.CASE_NUMBER_PREFIX || 'HDC').trim().toUpperCase();
  // The status check accepts only this form, so a prefix outside it would make cases unfindable.
  if (!/^[A-Z]{2,10}$/.test(prefix)) throw new Error(`CASE_NUMBER_PREFIX must be 2 to 10 letters A-Z, got "${prefix}"`);
  return prefix;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '..');
  return {
    port: intFromEnv(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || '',
    redisUrl: env.REDIS_URL || '',
    rateLimit: {
      max: intFromEnv(env, 'RATE_LIMIT_MAX', 600),
      windowMs: intFromEnv(env, 'RATE_LIMIT_WINDOW_MS', 60_000),
    },
    staticDir: env.STATIC_DIR ?? path.join(root, 'dist'),
    logLevel: env.LOG_LEVEL || 'info',
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${intFromEnv(env, 'PORT', 8080)}`).replace(/\/$/, ''),
    tokenSecret: env.TOKEN_SECRET || '',
    tokenTtlSeconds: intFromEnv(env, 'TOKEN_TTL_SECONDS', 2 * 60 * 60),
    smtpUrl: env.SMTP_URL || '',
    mailFrom: env.MAIL_FROM || 'Housing Development Corporation <no-reply@portal.local>',
    guessLimit: {
      max: intFromEnv(env, 'GUESS_LIMIT_MAX', 10),
      windowMs: intFromEnv(env, 'GUESS_LIMIT_WINDOW_MS', 15 * 60_000),
    },
    caseNumberPrefix: caseNumberPrefix(env),
    submissionLimit: {
      max: intFromEnv(env, 'SUBMISSION_LIMIT_MAX', 20),
      windowMs: intFromEnv(env, 'SUBMISSION_LIMIT_WINDOW_MS', 60 * 60_000),
    },
    accusationReferencePrefix: 'ACC',
    lookupLimit: {
      max: intFromEnv(env, 'LOOKUP_LIMIT_MAX', 30),
      windowMs: intFromEnv(env, 'LOOKUP_LIMIT_WINDOW_MS', 10 * 60_000),
    },
  };
}
