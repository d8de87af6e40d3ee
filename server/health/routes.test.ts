import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { healthRoutes } from './routes.ts';
import type { ReadinessCheck } from './readiness.ts';

async function readyz(checks: ReadinessCheck[], readinessTimeoutMs?: number) {
  const app = Fastify();
  await app.register(healthRoutes, { checks, readinessTimeoutMs });
  const response = await app.inject('/readyz');
  await app.close();
  return { status: response.statusCode, body: response.json() };
}

describe('GET /readyz', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is not ready while a check throws, and says what it threw', async () => {
    const failing: ReadinessCheck = { name: 'database', check: () => Promise.reject(new Error('database unreachable')) };
    expect(await readyz([failing])).toEqual({ status: 503, body: { status: 'not ready', checks: { database: 'database unreachable' } } });
  });

  const hanging: ReadinessCheck = { name: 'redis', check: () => new Promise(() => {}) };

  it('does not wait for a check that never answers: a probe must not hang', async () => {
    const { status, body } = await readyz([{ name: 'database', check: async () => undefined }, hanging], 100);
    expect(status).toBe(503);
    expect(body.checks).toEqual({ database: 'ok', redis: 'no answer within 100 ms' });
  });

  it('gives a check 2 s unless told otherwise', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let checking!: () => void;
    const checked = new Promise<void>((resolve) => (checking = resolve));
    let answer: Awaited<ReturnType<typeof readyz>> | undefined;
    const asked = readyz([{ name: 'redis', check: () => (checking(), hanging.check()) }]).then((result) => (answer = result));
    // The check runs, its timer set: only now does moving the clock mean anything.
    await checked;
    await vi.advanceTimersByTimeAsync(1999);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await asked;
    expect(answer).toEqual({ status: 503, body: { status: 'not ready', checks: { redis: 'no answer within 2000 ms' } } });
  });
});
