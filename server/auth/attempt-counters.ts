import type { Queryable } from '../db/database.ts';

/** A refused attempt: how long until the counter's window ends. */
export interface Refusal {
  retryAfterSeconds: number;
}

/**
 * Attempt counters with a fixed window per key, kept in the database (guess_attempt) so
 * every instance sees the same count. An attempt is counted *before* the guarded work,
 * in one statement, so parallel requests cannot all slip under the cap.
 */
export function createAttemptCounters(db: Queryable) {
  return {
    /** Counts one attempt at `key`, unless `cap` are already counted in the window: then the refusal. */
    async take(key: string, cap: number, windowMs: number): Promise<Refusal | undefined> {
      const counted = await db.query<{ attempts: number }>(
        `INSERT INTO guess_attempt (key, attempts, window_ends) VALUES ($1, 1, now() + make_interval(secs => $2))
         ON CONFLICT (key) DO UPDATE SET
           attempts = CASE WHEN guess_attempt.window_ends <= now() THEN 1 ELSE guess_attempt.attempts + 1 END,
           window_ends = CASE WHEN guess_attempt.window_ends <= now() THEN EXCLUDED.window_ends ELSE guess_attempt.window_ends END
         WHERE guess_attempt.window_ends <= now() OR guess_attempt.attempts < $3
         RETURNING attempts`,
        [key, windowMs / 1000, cap],
      );
      if (counted.length > 0) {
        if (counted[0].attempts === 1 && Math.random() < 0.01) {
          await db.query(`DELETE FROM guess_attempt WHERE window_ends < now() - interval '1 day'`);
        }
        return undefined;
      }
      const [left] = await db.query<{ seconds: number }>(
        `SELECT extract(epoch FROM window_ends - now())::float8 AS seconds FROM guess_attempt WHERE key = $1`,
        [key],
      );
      return { retryAfterSeconds: Math.max(1, Math.ceil(left?.seconds ?? 1)) };
    },

    /** Takes back one attempt that turned out not to count (a right password). */
    async giveBack(key: string) {
      await db.query('UPDATE guess_attempt SET attempts = attempts - 1 WHERE key = $1 AND attempts > 0 AND window_ends > now()', [key]);
    },

    async clear(key: string) {
      await db.query('DELETE FROM guess_attempt WHERE key = $1', [key]);
    },
  };
}
export type AttemptCounters = ReturnType<typeof createAttemptCounters>;
