import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics. They only count in memory; nothing reads them unless
 * METRICS_PORT is set (server/metrics/listener.ts), so features may count freely.
 */
export const registry = new Registry();

export const httpRequests = new Counter({
  name: 'portal_http_requests_total',
  help: 'Answered requests by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time from request to answer by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** A submission the outbox sent again with the same Idempotency-Key, answered with the first receipt. */
export const idempotentReplays = new Counter({
  name: 'portal_idempotent_replays_total',
  help: 'Repeated submissions answered with the first receipt, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

type PoolStats = { total: number; idle: number; waiting: number };
let readPool: (() => PoolStats) | undefined;

const poolGauge = (name: string, help: string, pick: (stats: PoolStats) => number) =>
  new Gauge({
    name,
    help,
    registers: [registry],
    // Read at scrape time; PGlite has no pool and they stay 0.
    collect() {
      if (readPool) this.set(pick(readPool()));
    },
  });
poolGauge('portal_db_pool_connections', 'PostgreSQL connections the pool holds', (stats) => stats.total);
poolGauge('portal_db_pool_idle_connections', 'PostgreSQL connections waiting for work', (stats) => stats.idle);
poolGauge('portal_db_pool_waiting_requests', 'Queries waiting for a free connection', (stats) => stats.waiting);

/** Reports this database's pool on the metrics port (PostgreSQL; PGlite has none). */
export function watchDatabasePool(stats: (() => PoolStats) | undefined) {
  readPool = stats;
}

let processMetrics = false;
/** Memory, CPU, event-loop lag, handles …: started with the metrics port only, once per process. */
export function collectProcessMetrics() {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
}
