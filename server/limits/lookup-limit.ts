import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.ts';

/**
 * A public lookup (a case's status, an accusation's state) limited per client address and
 * per number looked up: carrier NAT puts many people behind one address, and a botnet has
 * many addresses (DESIGN.md). @fastify/rate-limit runs a single limiter per request, so
 * both counters are kept and checked here; the global per-address limit still applies on top.
 */
export function lookupLimit(
  app: FastifyInstance,
  scope: string,
  { max, windowMs }: { max: number; windowMs: number },
  numberOf: (request: FastifyRequest) => string,
) {
  const limiters = [(request: FastifyRequest) => `address:${request.ip}`, (request: FastifyRequest) => `number:${numberOf(request)}`].map((key) =>
    app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (request) => `${scope}:${key(request)}` }),
  );
  return async (request: FastifyRequest) => {
    const counts = await Promise.all(limiters.map((limiter) => limiter(request)));
    if (counts.some((count) => !count.isAllowed && count.isExceeded)) throw new ApiError(429, 'tooManyRequests');
  };
}
