import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../errors/api-error.ts';
import type { Role, SessionClaims, TokenSigner } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionClaims;
  }
}

/**
 * Issues, checks and revokes session tokens. A token is accepted only if its signature
 * and expiry hold, it was not logged out, and its owner is still active and has not
 * reset the password since it was issued. All of that lives in the database, so any
 * instance answers the same. Times come from `clock`, which tests move instead of sleeping.
 */
export function createSessions(db: Queryable, signer: TokenSigner, ttlSeconds: number, clock: () => number = Date.now) {
  // One round trip per request: the revocation check rides in the same statement.
  const NOT_REVOKED = 'NOT EXISTS (SELECT 1 FROM revoked_token WHERE jti = $1)';
  async function stillValid(claims: SessionClaims): Promise<boolean> {
    const rows =
      claims.role === 'customer'
        ? await db.query(
            `SELECT 1 FROM customer_session_state
             WHERE id = $2 AND status = 'active' AND sessions_valid_after <= to_timestamp($3 / 1000.0) AND ${NOT_REVOKED}`,
            [claims.jti, claims.id, claims.iatMs],
          )
        : await db.query(
            `SELECT 1 FROM staff_session_state
             WHERE id = $2 AND role = $4 AND status = 'active' AND sessions_valid_after <= to_timestamp($3 / 1000.0)
               AND ${NOT_REVOKED}`,
            [claims.jti, claims.id, claims.iatMs, claims.role],
          );
    return rows.length > 0;
  }

  return {
    issue: (id: string, role: Role) => signer.sign(id, role, ttlSeconds, clock()).token,

    /** A preHandler that lets through only a live session of the given role, or of one of the given roles. */
    require(role: Role | readonly Role[]) {
      const allowed: readonly Role[] = typeof role === 'string' ? [role] : role;
      return async (request: FastifyRequest) => {
        const header = request.headers.authorization ?? '';
        const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
        const claims = token ? signer.verify(token, clock()) : undefined;
        if (!claims || !allowed.includes(claims.role) || !(await stillValid(claims))) {
          throw new ApiError(401, token ? 'sessionInvalid' : 'unauthorized');
        }
        request.session = claims;
      };
    },

    async revoke(claims: SessionClaims) {
      await db.query(
        `INSERT INTO revoked_token (jti, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (jti) DO NOTHING`,
        [claims.jti, claims.exp],
      );
      // Keep the table small: entries past their expiry protect nothing.
      await db.query('DELETE FROM revoked_token WHERE expires_at < now()');
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
