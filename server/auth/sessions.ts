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
 * instance answers the same.
 */
export function createSessions(db: Queryable, signer: TokenSigner, ttlSeconds: number) {
  async function stillValid(claims: SessionClaims): Promise<boolean> {
    const revoked = await db.query('SELECT 1 FROM revoked_token WHERE jti = $1', [claims.jti]);
    if (revoked.length > 0) return false;
    if (claims.role === 'customer') {
      const rows = await db.query(
        `SELECT 1 FROM customer_user
         WHERE id = $1 AND status = 'active' AND sessions_valid_after <= to_timestamp($2 / 1000.0)`,
        [claims.id, claims.iatMs],
      );
      return rows.length > 0;
    }
    const rows = await db.query(`SELECT 1 FROM staff_user WHERE id = $1 AND role = $2 AND status = 'active'`, [
      claims.id,
      claims.role,
    ]);
    return rows.length > 0;
  }

  return {
    issue: (id: string, role: Role) => signer.sign(id, role, ttlSeconds).token,

    /** A preHandler that lets through only a live session of the given role. */
    require(role: Role) {
      return async (request: FastifyRequest) => {
        const header = request.headers.authorization ?? '';
        const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
        const claims = token ? signer.verify(token) : undefined;
        if (!claims || claims.role !== role || !(await stillValid(claims))) {
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
