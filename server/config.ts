import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_LOCK_STALE_MS } from './db/folder-lock.ts';

/** Everything the server reads from its environment, read once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** How long an unrefreshed PGlite folder lock whose holder cannot be checked blocks a start (server/db/folder-lock.ts). */
  dataLockStaleMs: number;
  /** postgres://… to use a PostgreSQL server; empty for the embedded PGlite in dataDir. */
  databaseUrl: string;
  /** PostgreSQL only: the role that runs the migrations and owns the tables (DATABASE_OWNER_URL); empty: DATABASE_URL's. */
  databaseOwnerUrl: string;
  /** redis://… to share rate-limit counters between instances; empty keeps them in memory. */
  redisUrl: string;
  /** Prefix of the rate-limit keys in Redis, so several portals (staging, production) can share one. */
  redisKeyPrefix: string;
  rateLimit: { max: number; windowMs: number };
  /**
   * Which proxies may name the client address in X-Forwarded-For: false (the socket
   * address is the client), a hop count, or proxy addresses/CIDRs. Every per-address
   * limit counts by that address, so trusting more than the real proxies defeats them.
   */
  trustProxy: false | number | string[];
  /** Where the built PWA lives; empty serves the API only. */
  staticDir: string;
  logLevel: string;
  /** Demo customers, acceptor, cases and organisation, whose passwords the README publishes. */
  seedDemoData: boolean;
  /** A second port serving Prometheus metrics at /metrics; 0 (the default) serves none. */
  metricsPort: number;
  /** Where /metrics listens: loopback unless the operator opens it to a scraper. */
  metricsHost: string;
  /** How long a SIGTERM waits for requests in flight before the process gives up on them. */
  shutdownTimeoutMs: number;
  /** The address people reach the portal at, for links in e-mails. */
  publicUrl: string;
  /** HMAC key for session tokens; empty: one is made on first start and kept in the database. */
  tokenSecret: string;
  tokenTtlSeconds: number;
  /** smtp(s)://user:pass@host:port to send mail; empty writes each mail to DATA_DIR/mail/. */
  smtpUrl: string;
  mailFrom: string;
  /** How often each instance sends the customers' due notices (server/notifications). */
  notifyPollMs: number;
  /** Where SMS go: `file` writes each to DATA_DIR/sms/, `http` posts each to a gateway (sms), `none` sends none. */
  smsProvider: 'file' | 'http' | 'none';
  /**
   * The SMS gateway (issue 26): where `http` posts (`httpUrl`, with `httpAuth` as the whole
   * Authorization header, a JSON or form body), the sender name, the messages one number
   * gets a day at most, and the secret the gateway's webhooks carry (X-Webhook-Secret; empty
   * refuses every webhook).
   */
  sms: { httpUrl: string; httpAuth: string; sender: string; httpFormat: 'json' | 'form'; dailyCap: number; webhookSecret: string };
  /**
   * The Telegram bot (issue 26): off without `botToken`; Telegram's updates must carry
   * `webhookSecret` (empty refuses every one); `apiRoot` is Telegram's Bot API, or a stand-in.
   */
  telegram: { botToken: string; webhookSecret: string; apiRoot: string };
  /** Per-route limits for guessable secrets (one-time codes, reset tokens, logins). */
  guessLimit: { max: number; windowMs: number };
  /** Failed sign-ins per account from all addresses together; the per-address cap is guessLimit.max. */
  signInAccountLimitMax: number;
  /** Case numbers read <prefix>-<Ethiopian year>-<six digits>, e.g. HDC-2019-000123. */
  caseNumberPrefix: string;
  /** Per client address and per case number limit on the public case status check. */
  lookupLimit: { max: number; windowMs: number };
  /** Accusations filed per address (anyone may file; this stops floods). */
  submissionLimit: { max: number; windowMs: number };
  accusationReferencePrefix: string;
  /**
   * The dialogue with the customer (issue 25), in working days: a request for information is
   * recalled to the customer after `infoReminderDays` and may be closed as unanswered after
   * `infoExpiryDays`; a decision may be put to review for `reviewWindowDays` after it.
   */
  dialogue: { infoReminderDays: number; infoExpiryDays: number; reviewWindowDays: number };
  /**
   * Retention (issue 28, server/privacy): a case closed `caseYears` ago loses its personal
   * data, answers, remarks and files; an accusation closed `accusationMonths` ago loses its
   * complainant's contact details.
   */
  retention: { caseYears: number; accusationMonths: number };
}

/**
 * Demo data has published passwords, so it is only the default where a newcomer tries the
 * portal: the embedded database. With DATABASE_URL (a real deployment) it takes an explicit
 * SEED_DEMO_DATA=true.
 */
function seedDemoData(env: NodeJS.ProcessEnv): boolean {
  const raw = env.SEED_DEMO_DATA || (env.DATABASE_URL ? 'false' : 'true');
  if (raw !== 'true' && raw !== 'false') throw new Error(`SEED_DEMO_DATA must be true or false, got "${raw}"`);
  return raw === 'true';
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

// proxy-addr's names for address ranges, besides plain addresses and CIDRs.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustProxy(env: NodeJS.ProcessEnv): Config['trustProxy'] {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === 'false') return false;
  if (/^[0-9]+$/.test(raw)) return intFromEnv(env, 'TRUST_PROXY', 0);
  const proxies = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const proxy of proxies) {
    const [address, bits, ...rest] = proxy.split('/');
    const valid = PROXY_RANGE_NAMES.has(proxy) || (isIP(address) > 0 && rest.length === 0 && (bits === undefined || /^[0-9]{1,3}$/.test(bits)));
    // "true" is refused on purpose: trusting every sender lets any client pick its address.
    if (!valid) throw new Error(`TRUST_PROXY must be empty, a hop count or proxy addresses/CIDRs separated by commas, got "${proxy}"`);
  }
  return proxies;
}

function caseNumberPrefix(env: NodeJS.ProcessEnv): string {
  const prefix = (env.CASE_NUMBER_PREFIX || 'HDC').trim().toUpperCase();
  // The status check accepts only this form, so a prefix outside it would make cases unfindable.
  if (!/^[A-Z]{2,10}$/.test(prefix)) throw new Error(`CASE_NUMBER_PREFIX must be 2 to 10 letters A-Z, got "${prefix}"`);
  return prefix;
}

function smsProvider(env: NodeJS.ProcessEnv): Config['smsProvider'] {
  const name = env.SMS_PROVIDER || 'file';
  if (name !== 'file' && name !== 'http' && name !== 'none') throw new Error(`SMS_PROVIDER must be file, http or none, got "${name}"`);
  // Without its address the gateway would only be found missing at the first notice, in a retry's log line.
  if (name === 'http' && !URL.canParse(env.SMS_HTTP_URL ?? '')) throw new Error(`SMS_PROVIDER=http needs SMS_HTTP_URL, the gateway's http(s):// address`);
  return name;
}

function sms(env: NodeJS.ProcessEnv): Config['sms'] {
  const httpFormat = env.SMS_HTTP_FORMAT || 'json';
  if (httpFormat !== 'json' && httpFormat !== 'form') throw new Error(`SMS_HTTP_FORMAT must be json or form, got "${httpFormat}"`);
  const webhookSecret = env.SMS_WEBHOOK_SECRET || '';
  // Anyone who guesses it can ask statuses and stop a number's notices.
  if (webhookSecret && webhookSecret.length < 16) throw new Error(`SMS_WEBHOOK_SECRET must be at least 16 characters (got ${webhookSecret.length})`);
  return {
    httpUrl: env.SMS_HTTP_URL || '',
    httpAuth: env.SMS_HTTP_AUTH || '',
    sender: env.SMS_SENDER || 'HDC',
    httpFormat,
    dailyCap: intFromEnv(env, 'SMS_DAILY_CAP', 10),
    webhookSecret,
  };
}

function telegram(env: NodeJS.ProcessEnv): Config['telegram'] {
  const webhookSecret = env.TELEGRAM_WEBHOOK_SECRET || '';
  // Telegram's own rule for secret_token, and at least as long as the SMS gateway's: it is all that tells Telegram from anyone.
  if (webhookSecret && !/^[A-Za-z0-9_-]{16,256}$/.test(webhookSecret)) {
    throw new Error('TELEGRAM_WEBHOOK_SECRET must be 16 to 256 characters A-Z, a-z, 0-9, _ and -');
  }
  const apiRoot = (env.TELEGRAM_API_ROOT || 'https://api.telegram.org').replace(/\/$/, '');
  if (!URL.canParse(apiRoot)) throw new Error(`TELEGRAM_API_ROOT must be an http(s):// address, got "${apiRoot}"`);
  return { botToken: env.TELEGRAM_BOT_TOKEN || '', webhookSecret, apiRoot };
}

function tokenSecret(env: NodeJS.ProcessEnv): string {
  const secret = env.TOKEN_SECRET || '';
  // It signs sessions, print links and code hashes: a short one could be guessed offline from one token.
  if (secret && secret.length < 32) throw new Error(`TOKEN_SECRET must be at least 32 characters (got ${secret.length}); leave it unset on the embedded database to have one made`);
  return secret;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '..');
  return {
    port: intFromEnv(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(root, 'data')),
    dataLockStaleMs: intFromEnv(env, 'DATA_LOCK_STALE_MS', DEFAULT_LOCK_STALE_MS),
    databaseUrl: env.DATABASE_URL || '',
    databaseOwnerUrl: env.DATABASE_OWNER_URL || '',
    redisUrl: env.REDIS_URL || '',
    trustProxy: trustProxy(env),
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'portal-rate-limit-',
    rateLimit: {
      max: intFromEnv(env, 'RATE_LIMIT_MAX', 600),
      windowMs: intFromEnv(env, 'RATE_LIMIT_WINDOW_MS', 60_000),
    },
    // @fastify/static needs an absolute root; a relative STATIC_DIR means from where the portal was started.
    staticDir: env.STATIC_DIR === undefined ? path.join(root, 'dist') : env.STATIC_DIR && path.resolve(env.STATIC_DIR),
    logLevel: env.LOG_LEVEL || 'info',
    seedDemoData: seedDemoData(env),
    metricsPort: intFromEnv(env, 'METRICS_PORT', 0),
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    shutdownTimeoutMs: intFromEnv(env, 'SHUTDOWN_TIMEOUT_MS', 10_000),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${intFromEnv(env, 'PORT', 8080)}`).replace(/\/$/, ''),
    tokenSecret: tokenSecret(env),
    tokenTtlSeconds: intFromEnv(env, 'TOKEN_TTL_SECONDS', 2 * 60 * 60),
    smtpUrl: env.SMTP_URL || '',
    mailFrom: env.MAIL_FROM || 'Housing Development Corporation <no-reply@portal.local>',
    notifyPollMs: intFromEnv(env, 'NOTIFY_POLL_MS', 5_000),
    smsProvider: smsProvider(env),
    sms: sms(env),
    telegram: telegram(env),
    guessLimit: {
      max: intFromEnv(env, 'GUESS_LIMIT_MAX', 10),
      windowMs: intFromEnv(env, 'GUESS_LIMIT_WINDOW_MS', 15 * 60_000),
    },
    signInAccountLimitMax: intFromEnv(env, 'SIGN_IN_ACCOUNT_LIMIT_MAX', 50),
    caseNumberPrefix: caseNumberPrefix(env),
    submissionLimit: {
      max: intFromEnv(env, 'SUBMISSION_LIMIT_MAX', 20),
      windowMs: intFromEnv(env, 'SUBMISSION_LIMIT_WINDOW_MS', 60 * 60_000),
    },
    accusationReferencePrefix: 'ACC',
    dialogue: {
      infoReminderDays: intFromEnv(env, 'INFO_REMINDER_DAYS', 5),
      infoExpiryDays: intFromEnv(env, 'INFO_EXPIRY_DAYS', 15),
      reviewWindowDays: intFromEnv(env, 'REVIEW_WINDOW_DAYS', 30),
    },
    retention: {
      caseYears: intFromEnv(env, 'RETENTION_CASE_YEARS', 10),
      accusationMonths: intFromEnv(env, 'RETENTION_ACCUSATION_MONTHS', 24),
    },
    lookupLimit: {
      max: intFromEnv(env, 'LOOKUP_LIMIT_MAX', 30),
      windowMs: intFromEnv(env, 'LOOKUP_LIMIT_WINDOW_MS', 10 * 60_000),
    },
  };
}
