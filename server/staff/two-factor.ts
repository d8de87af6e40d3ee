import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import type { TwoFactorStore } from './two-factor-store.ts';

/** What authenticator apps show above the codes. */
const ISSUER = 'Housing Customer Portal';
/** Codes of 30-second steps, six digits, SHA-1: what every authenticator app reads from a QR code. */
const PERIOD_SECONDS = 30;
/** A code of the step before or after the server's is taken too: phones' clocks drift. */
const WINDOW_STEPS = 1;

/**
 * The key that seals the secrets in the database: derived from the token secret, so on
 * PostgreSQL (where TOKEN_SECRET lives outside the database) a backup alone does not give
 * the second factor away. A new token secret leaves the sealed secrets unreadable: those
 * admins are refused until an operator resets theirs (`npm run staff -- --reset-two-factor`,
 * docs/operations.md).
 */
export const twoFactorKey = (tokenSecret: Buffer) => createHmac('sha256', tokenSecret).update('staff two-factor secrets').digest();

/** AES-256-GCM: the sealed text is `v1.` and the IV, tag and cipher text in base64url. */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The secret, or undefined when it was sealed with another key (or is not a sealed secret). */
export function openSecret(key: Buffer, sealed: string): string | undefined {
  if (!sealed.startsWith('v1.')) return undefined;
  const bytes = Buffer.from(sealed.slice(3), 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** The 30-second step a time falls in: the unit codes are counted and refused on replay in. */
export const stepAt = (timestampMs: number) => TOTP.counter({ period: PERIOD_SECONDS, timestamp: timestampMs });

/** The code of a secret at a time: what an authenticator app shows then (the tests' and the seed's phone). */
export const codeAt = (secret: string, timestampMs: number) => totpOf(secret).generate({ timestamp: timestampMs });

/** What an admin enrolling is shown, once: the secret as text, the otpauth URI and its QR code. */
export interface Enrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}

export type CodeCheck = 'accepted' | 'wrong' | 'replayed';

/**
 * An admin's TOTP second factor: enrolment (a secret shown once, confirmed by its first code),
 * and codes checked at the app's clock, each step taken once.
 */
export function createTwoFactor({ store, key, clock }: { store: TwoFactorStore; key: Buffer; clock: () => number }) {
  /** The readable secret and whether it is confirmed; none when absent or sealed with another key. */
  async function current(staffId: string) {
    const row = await store.byStaff(staffId);
    const secret = row && openSecret(key, row.sealed_secret);
    return secret ? { secret, confirmed: row.confirmed_at !== null } : undefined;
  }

  return {
    /**
     * Where the admin stands: `enrolled` (asked for a code), `enrol` (none yet, or one under
     * way), or `sealed-away`: one was confirmed but this key cannot open it (TOKEN_SECRET was
     * rotated). That admin is refused until an operator resets it: a password alone must not
     * let whoever holds it enrol a phone of their own.
     */
    async standing(staffId: string): Promise<'enrolled' | 'enrol' | 'sealed-away'> {
      const row = await store.byStaff(staffId);
      if (!row) return 'enrol';
      const readable = openSecret(key, row.sealed_secret) !== undefined;
      if (row.confirmed_at === null) return 'enrol';
      return readable ? 'enrolled' : 'sealed-away';
    },

    /**
     * The secret to enrol with: the one under way if there is one (a page reloaded after the
     * QR code was scanned still matches the phone), else a new one. Undefined once enrolled:
     * a confirmed secret is never shown again.
     */
    async startEnrolment(staffId: string, label: string): Promise<Enrolment | undefined> {
      const found = await current(staffId);
      if (found?.confirmed) return undefined;
      let secret = found?.secret;
      if (!secret) {
        secret = new Secret({ size: 20 }).base32;
        await store.saveUnconfirmed(staffId, sealSecret(key, secret));
      }
      const uri = totpOf(secret, label).toString();
      return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
    },

    /**
     * Checks a code at the app's clock, one step either side. A right code for a step no later
     * than the last one taken is a replay; a right code confirms an enrolment under way.
     */
    async check(staffId: string, code: string): Promise<CodeCheck> {
      const found = await current(staffId);
      if (!found || !/^\d{6}$/.test(code)) return 'wrong';
      const now = clock();
      const delta = totpOf(found.secret).validate({ token: code, timestamp: now, window: WINDOW_STEPS });
      if (delta === null) return 'wrong';
      const taken = await store.takeStep(staffId, stepAt(now) + delta, new Date(now));
      return taken ? 'accepted' : 'replayed';
    },

  };
}
export type TwoFactor = ReturnType<typeof createTwoFactor>;
