import { createHash } from 'node:crypto';
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

/**
 * What a request with an Idempotency-Key carried: SHA-256 over its text fields (sorted by
 * name, so part order does not matter) and its file's hash. Kept beside the key, it tells
 * a true repeat from another submission that reuses the key.
 */
export function requestFingerprint(fields: Record<string, string | undefined>, fileSha256: string | null): string {
  const entries = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify({ fields: entries, file: fileSha256 })).digest('hex');
}

/**
 * The first receipt may answer only the request it was made for (IETF Idempotency-Key
 * draft): the same key with another body is a client bug or a guess, and gets 422. A
 * stored fingerprint of null comes from before migration 007: it answers as before.
 */
export function checkSameRequest(stored: string | null, fingerprint: string) {
  if (stored !== null && stored !== fingerprint) {
    throw new ApiError(422, 'idempotencyKeyReused', 'this Idempotency-Key was used with a different request');
  }
}
