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
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
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
  };
}
