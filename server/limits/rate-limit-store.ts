import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { ReadinessCheck } from '../health/readiness.ts';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** What the plugin passes a store and its children: the limiter's options, merged (typed loosely upstream). */
type LimiterOptions = Parameters<FastifyRateLimitStore['child']>[0] & { continueExceeding?: boolean; exponentialBackoff?: boolean };
/** Both stores of the plugin also have read(), for `{ increment: false }`. */
type CounterStore = FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] };

// The plugin's own two stores; it ships them as files, without types.
const require = createRequire(import.meta.url);
const LocalStore: new (continueExceeding?: boolean, exponentialBackoff?: boolean) => CounterStore = require('@fastify/rate-limit/store/LocalStore.js');
const RedisStore: new (continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined, redis: Redis, key: string) => CounterStore =
  require('@fastify/rate-limit/store/RedisStore.js');

export const REDIS_DOWN = 'redis unreachable: limits counted in this process';

/**
 * Rate-limit counters in Redis, shared by every instance, and counted in this process
 * while Redis cannot be reached: a limit must never turn into no limit at all (the
 * plugin's skipOnError would let every request through). The switch is said once in the
 * log each way, not once per request, and every limiter made from the plugin (the global
 * one and app.createRateLimit's) gets the same behaviour through child().
 */
export function redisCounting(redis: Redis, nameSpace: string, log: FastifyBaseLogger) {
  let fellBack = false;
  let closing = false;
  const fallBack = (error: Error) => {
    if (fellBack || closing) return;
    fellBack = true;
    log.error({ err: error }, 'Redis unreachable: rate limits are counted in this process until it returns');
  };
  // ioredis reconnects on its own; it reports a failed attempt as 'error', a lost connection as 'close'.
  redis.on('error', fallBack);
  redis.on('close', () => fallBack(new Error('connection to Redis closed')));
  redis.on('ready', () => {
    if (!fellBack) return;
    fellBack = false;
    log.info('Redis reachable again: rate limits are counted in Redis');
  });

  class FallbackStore implements CounterStore {
    private readonly shared: CounterStore;
    private readonly local: CounterStore;

    constructor(options: FastifyRateLimitOptions, parts?: { shared: CounterStore; local: CounterStore }) {
      const { continueExceeding, exponentialBackoff } = options as LimiterOptions;
      this.shared = parts?.shared ?? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      this.local = parts?.local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      this.count('incr', key, callback, timeWindow, max);
    }

    read(key: string, callback: Callback, timeWindow: number, max: number) {
      this.count('read', key, callback, timeWindow, max);
    }

    child(routeOptions: LimiterOptions): CounterStore {
      // A limit made with app.createRateLimit (lookup-limit.ts) has no route: the Redis store
      // would name its keys "…undefinedundefined-…" (review F8). Its scope is in its keys already.
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      const named = { ...routeOptions, routeInfo: route?.method ? route : { method: '', url: 'by-key' } };
      return new FallbackStore(routeOptions, {
        shared: this.shared.child(named as LimiterOptions) as CounterStore,
        local: this.local.child(routeOptions) as CounterStore,
      });
    }

    private count(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number) {
      // Without a connection a command would only fail (the offline queue is off): count here at once.
      if (redis.status !== 'ready') return this.local[method](key, callback, timeWindow, max);
      this.shared[method](key, (error, result) => {
        if (!error) return callback(null, result);
        fallBack(error);
        this.local[method](key, callback, timeWindow, max);
      }, timeWindow, max);
    }
  }

  const readiness: ReadinessCheck = {
    name: 'redis',
    // Without Redis every limit is counted in this process: weaker across instances, never off.
    degradesOnly: true,
    check: async () => (redis.status === 'ready' ? undefined : REDIS_DOWN),
  };
  return {
    store: FallbackStore,
    readiness,
    close() {
      closing = true;
      redis.disconnect();
    },
  };
}

async function openRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  // Fail fast and never queue: a request must not wait on Redis to be counted.
  return new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false });
}

/** Counting in Redis for this app, with the fallback above; the connection ends with the app. */
export async function redisCountingFor(app: FastifyInstance, url: string, nameSpace: string) {
  const counting = redisCounting(await openRedis(url), nameSpace, app.log);
  app.addHook('onClose', async () => counting.close());
  return counting;
}
