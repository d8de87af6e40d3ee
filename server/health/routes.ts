import type { FastifyInstance } from 'fastify';
import { calls } from '../contract/calls.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { ReadinessCheck } from './readiness.ts';

/** A check that has not answered by then counts as not ready: a load balancer's probe must not hang. */
const CHECK_TIMEOUT_MS = 2000;

async function outcome({ check }: ReadinessCheck, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
  });
  try {
    const reason = await Promise.race([check().catch((error: Error) => error.message || 'failed'), timeout]);
    return reason ?? 'ok';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers and orchestrators. GET /healthz: the process answers (restart it
 * when not). GET /readyz: every dependency is usable ("ready"), or only one it can do
 * without is not ("degraded", still 200: send it traffic); 503 "not ready" names what is
 * missing. Both are JSON, never the app shell, and outside the rate limit, so a
 * busy probe never makes an instance look dead.
 */
export async function healthRoutes(
  app: FastifyInstance,
  // readinessTimeoutMs: how long a check may take; a test passes a short one rather than wait 2 s.
  { checks, readinessTimeoutMs = CHECK_TIMEOUT_MS }: { checks: ReadinessCheck[]; readinessTimeoutMs?: number },
) {
  const route = callRoutes(app);
  const unlimited = { config: { rateLimit: false }, logLevel: 'warn' } as const;

  route(calls.getHealth, (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' as const };
  }, unlimited);

  route(calls.getReadiness, async (_request, reply) => {
    const results = await Promise.all(checks.map(async (check) => [check, await outcome(check, readinessTimeoutMs)] as const));
    const failing = results.filter(([, result]) => result !== 'ok').map(([check]) => check);
    const status = failing.length === 0 ? 'ready' : failing.every((check) => check.degradesOnly) ? 'degraded' : 'not ready';
    reply.status(status === 'not ready' ? 503 : 200).header('Cache-Control', 'no-store');
    return { status, checks: Object.fromEntries(results.map(([check, result]) => [check.name, result])) } as const;
  }, unlimited);
}
