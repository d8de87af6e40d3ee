import type { FastifyRequest } from 'fastify';
import { tooManyAttempts } from '../errors/api-error.ts';
import type { AttemptCounters } from './attempt-counters.ts';

/**
 * Stops guessing of one-time codes and reset links per target (an e-mail or an account),
 * on top of the per-address limit every route has: carrier NAT puts many people behind
 * one address, and one attacker can use many. Every attempt counts; past the cap the 429
 * says when the window ends.
 */
export function createGuessLimit(counters: AttemptCounters, { max, windowMs }: { max: number; windowMs: number }) {
  return (scope: string, target: (request: FastifyRequest) => string) => async (request: FastifyRequest) => {
    const refusal = await counters.take(`${scope}:${target(request).trim().toLowerCase()}`, max, windowMs);
    if (refusal) throw tooManyAttempts(refusal.retryAfterSeconds);
  };
}
export type GuessLimit = ReturnType<typeof createGuessLimit>;
