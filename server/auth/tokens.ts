import { createHmac, createSecretKey, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Who a token speaks for: a customer, or a staff user in their role. The ethics
 * role keeps today's stored name, accusation_acceptor, so the acceptors' calls stay as they are.
 */
export type StaffRole = 'officer' | 'manager' | 'accusation_acceptor' | 'archivist' | 'admin';
export type Role = 'customer' | StaffRole;

/** What a session token says: who, as what, its id (for revocation) and its lifetime. */
export interface SessionClaims {
  id: string;
  role: Role;
  jti: string;
  iat: number;
  /** Issue time in milliseconds: a password reset in the same second must still end this session. */
  iatMs: number;
  exp: number;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/**
 * Decodes only canonical base64url: Node's decoder skips padding, '+', '/' and other junk,
 * so without this one token would have many spellings that all verify.
 */
export function strictBase64url(segment: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return undefined;
  const bytes = Buffer.from(segment, 'base64url');
  return bytes.toString('base64url') === segment ? bytes : undefined;
}
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/**
 * Session tokens are JWTs (HS256), so the app can read the customer id and the expiry
 * from them (SPEC section 6) while only the server can make or alter one.
 */
export function createTokenSigner(secret: Buffer) {
  // A key object made once: keyed with the raw Buffer, every HMAC imports the key anew
  // (issue 13: ~10 µs a call, a few per cent of a signed-in request's time).
  const key = createSecretKey(secret);
  const signature = (data: string) => createHmac('sha256', key).update(data).digest();
  return {
    sign(id: string, role: Role, ttlSeconds: number, now = Date.now()): { token: string; claims: SessionClaims } {
      const iat = Math.floor(now / 1000);
      const claims: SessionClaims = { id, role, jti: randomUUID(), iat, iatMs: now, exp: iat + ttlSeconds };
      const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
      return { token: `${body}.${signature(body).toString('base64url')}`, claims };
    },
    /** The claims of a well-signed, unexpired token; undefined for anything else. */
    verify(token: string, now = Date.now()): SessionClaims | undefined {
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
      const expected = signature(`${parts[0]}.${parts[1]}`);
      const given = strictBase64url(parts[2]);
      if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const payload = strictBase64url(parts[1]);
      if (!payload) return undefined;
      try {
        const claims = JSON.parse(payload.toString('utf8')) as SessionClaims;
        if (typeof claims.exp !== 'number' || typeof claims.iatMs !== 'number' || claims.exp * 1000 <= now) return undefined;
        return claims;
      } catch {
        return undefined;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
