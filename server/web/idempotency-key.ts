import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,100}$/;

/**
 * The outbox replays a queued submission with the same Idempotency-Key (DESIGN.md): the
 * server answers the first receipt and stores nothing new. Null when none was sent.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' && header !== '' ? header : null;
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
    throw new ApiError(400, 'invalidRequest', 'Idempotency-Key must be 8 to 100 printable characters');
  }
  return key;
}
