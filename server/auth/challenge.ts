import { createHmac } from 'node:crypto';
import { createTokenSigner } from './tokens.ts';

/** Long enough to open an authenticator app, or to scan a QR code and type the first code. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

/**
 * The "password right, second factor to come" token an admin gets instead of a session.
 * It is signed with a key of its own (derived from the token secret), so no session check
 * accepts it on any call, and it is sent in a body, never as a bearer token; only the
 * second-factor calls read it.
 */
export function createChallenges(tokenSecret: Buffer, clock: () => number) {
  const signer = createTokenSigner(createHmac('sha256', tokenSecret).update('staff second-factor challenge').digest());
  return {
    issue: (staffId: string) => signer.sign(staffId, 'admin', CHALLENGE_TTL_SECONDS, clock()).token,
    /** The staff id a live challenge is for; undefined for anything else. */
    staffIdOf: (challenge: string) => signer.verify(challenge, clock())?.id,
  };
}
export type Challenges = ReturnType<typeof createChallenges>;
