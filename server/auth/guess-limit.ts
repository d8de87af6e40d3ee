import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../errors/api-error.ts';

/**
 * Stops guessing of one-time codes, reset links and passwords per target (an e-mail or
 * an account), on top of the per-address limit every route has: carrier NAT puts many
 * people behind one address, and one attacker can use many. Answers 429 past the cap.
 */
export function createGuessLimit(db: Queryable, { max, windowMs }: { max: number; windowMs: number }) {
  return (scope: string, target: (request: FastifyRequest) => string) => async (request: FastifyRequest) => {
    const key = `${scope}:${target(request).trim().toLowerCase()}`;
    const [{ attempts }] = await db.query<{ attempts: number }>(
      `INSERT INTO guess_attempt (key, attempts, window_ends) VALUES ($1, 1, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET
         attempts = CASE WHEN guess_attempt.window_ends <= now() THEN 1 ELSE guess_attempt.attempts + 1 END,
         window_ends = CASE WHEN guess_attempt.window_ends <= now() THEN EXCLUDED.window_ends ELSE guess_attempt.window_ends END
       RETURNING attempts`,
      [key, windowMs / 1000],
    );
    if (attempts === 1 && Math.random() < 0.01) {
      await db.query(`DELETE FROM guess_attempt WHERE window_ends < now() - interval '1 day'`);
    }
    if (attempts > max) throw new ApiError(429, 'tooManyRequests');
  };
}
export type GuessLimit = ReturnType<typeof createGuessLimit>;
