import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { healthRoutes } from './routes.ts';
import type { ReadinessCheck } from './readiness.ts';

async function readyz(checks: ReadinessCheck[]) {
  const app = Fastify();
  await app.register(healthRoutes, { checks });
  const response = await app.inject('/readyz');
  await app.close();
  return { status: response.statusCode, body: response.json() };
}

describe('GET /readyz', () => {
  it('is not ready while a check throws, and says what it threw', async () => {
    const failing: ReadinessCheck = { name: 'database', check: () => Promise.reject(new Error('database unreachable')) };
    expect(await readyz([failing])).toEqual({ status: 503, body: { status: 'not ready', checks: { database: 'database unreachable' } } });
  });

  it('does not wait for a check that never answers: a probe must not hang', async () => {
    const hanging: ReadinessCheck = { name: 'redis', check: () => new Promise(() => {}) };
    const started = Date.now();
    const { status, body } = await readyz([{ name: 'database', check: async () => undefined }, hanging]);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(status).toBe(503);
    expect(body.checks).toEqual({ database: 'ok', redis: 'no answer within 2000 ms' });
  });
});
