import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectProcessMetrics, httpDuration, httpRequests, registry, watchDatabasePool } from './metrics.ts';

interface Options {
  port: number;
  host: string;
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/**
 * The label a request is counted under: its route pattern (`/division_api/get_division/:id`),
 * never the raw URL, so ids and case numbers neither leak into metrics nor grow them
 * without end. Each built file is a route of its own; they count together.
 */
function routeLabel(request: FastifyRequest): string {
  const { url, config } = request.routeOptions;
  if ((config as { file?: string } | undefined)?.file) return 'static file';
  return url ?? 'no route';
}

/**
 * With METRICS_PORT, counts every answer and serves GET /metrics (Prometheus text) on
 * that port, on a listener of its own: the public port never shows it, and a proxy
 * in front only forwards the public one.
 */
export async function serveMetrics(app: FastifyInstance, { port, host, poolStats }: Options) {
  collectProcessMetrics();
  watchDatabasePool(poolStats);
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeLabel(request), status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  const listener = http.createServer(async (request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await registry.metrics();
      response.writeHead(200, { 'Content-Type': registry.contentType }).end(body);
    } catch (error) {
      app.log.error({ err: error }, 'metrics could not be collected');
      response.writeHead(500).end();
    }
  });
  // Bound now, so a taken port refuses the start instead of leaving the portal unwatched.
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject).listen(port, host, () => resolve());
  });
  app.log.info(`metrics on http://${host}:${(listener.address() as AddressInfo).port}/metrics`);
  app.addHook('onClose', async () => {
    // A scraper's kept-alive connection must not hold the shutdown up.
    listener.closeAllConnections();
    await new Promise<void>((resolve) => (listener.listening ? listener.close(() => resolve()) : resolve()));
  });
}
