import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { UUID } from '../contract/constants.ts';
import { normaliseCaseNumber } from './case-number.ts';
import { strictBase64url } from '../auth/tokens.ts';

/**
 * Which copy of a case a print name stands for: the whole case, named by its id (only its
 * owner is given one), or the public status copy, named by its case number — the one thing
 * a visitor typed — so a public copy carries no id that could lead further.
 */
export type PrintCopy = { mode: 'full'; caseId: string } | { mode: 'masked'; caseNumber: string };

export const PRINT_LINK_TTL_SECONDS = 10 * 60;

// An HMAC-SHA256 cut to 128 bits keeps the name under Fastify's 100-character path parameter limit.
const SIGNATURE_BYTES = 16;
const PRINT_NAME = /^print-([0-9A-Za-z-]{1,40})-(full|masked)-(\d{1,12})-([A-Za-z0-9_-]{22})\.pdf$/;

const subjectOf = (copy: PrintCopy) => (copy.mode === 'full' ? copy.caseId : copy.caseNumber);

/** The copy a name's parts describe, when the subject has the shape its mode needs. */
function copyOf(subject: string, mode: string): PrintCopy | undefined {
  if (mode === 'full') return UUID.test(subject) ? { mode, caseId: subject } : undefined;
  return normaliseCaseNumber(subject) === subject ? { mode: 'masked', caseNumber: subject } : undefined;
}

/**
 * A printout is a signed, expiring file name rather than a file: the print page shows it in
 * a frame that sends no token, nothing piles up on disk, and the PDF is drawn when it is
 * opened. The name says which copy of which case, and until when; only the server can
 * make one, so a public copy cannot be turned into a full one.
 */
export function createPrintLinks(secret: Buffer, ttlSeconds = PRINT_LINK_TTL_SECONDS) {
  // A label of its own, so this signature can never pass for a session token's.
  const key = createSecretKey(secret); // made once, as for session tokens (server/auth/tokens.ts)
  const sign = (payload: string) => createHmac('sha256', key).update(`case-print:${payload}`).digest().subarray(0, SIGNATURE_BYTES);

  return {
    name(copy: PrintCopy, now = Date.now()): string {
      const expires = Math.floor(now / 1000) + ttlSeconds;
      const payload = `${subjectOf(copy)}-${copy.mode}-${expires}`;
      return `print-${payload}-${sign(payload).toString('base64url')}.pdf`;
    },

    /** The copy a live, well-signed print name stands for; undefined otherwise. */
    verify(name: string, now = Date.now()): PrintCopy | undefined {
      const match = PRINT_NAME.exec(name);
      if (!match) return undefined;
      const [, subject, mode, expires, signature] = match;
      const copy = copyOf(subject, mode);
      if (!copy) return undefined;
      const expected = sign(`${subject}-${mode}-${expires}`);
      // One spelling per signature, as for session tokens.
      const given = strictBase64url(signature);
      if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      if (Number(expires) * 1000 <= now) return undefined;
      return copy;
    },
  };
}
export type PrintLinks = ReturnType<typeof createPrintLinks>;
