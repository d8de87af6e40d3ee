import { createHmac, timingSafeEqual } from 'node:crypto';

export type PrintMode = 'full' | 'masked';

export const PRINT_LINK_TTL_SECONDS = 10 * 60;

// An HMAC-SHA256 cut to 128 bits keeps the name under Fastify's 100-character path parameter limit.
const SIGNATURE_BYTES = 16;
const PRINT_NAME = /^print-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(full|masked)-(\d{1,12})-([A-Za-z0-9_-]{22})\.pdf$/;

/**
 * A printout is a signed, expiring file name rather than a file: the print page shows it in
 * a frame that sends no token, nothing piles up on disk, and the PDF is drawn when it is
 * opened. The name says which case, full or masked, and until when; only the server can
 * make one, so an owner's full print cannot be turned into someone else's.
 */
export function createPrintLinks(secret: Buffer, ttlSeconds = PRINT_LINK_TTL_SECONDS) {
  // A label of its own, so this signature can never pass for a session token's.
  const sign = (payload: string) => createHmac('sha256', secret).update(`case-print:${payload}`).digest().subarray(0, SIGNATURE_BYTES);

  return {
    name(caseId: string, mode: PrintMode, now = Date.now()): string {
      const expires = Math.floor(now / 1000) + ttlSeconds;
      const payload = `${caseId}-${mode}-${expires}`;
      return `print-${payload}-${sign(payload).toString('base64url')}.pdf`;
    },

    /** The case and mode a live, well-signed print name stands for; undefined otherwise. */
    verify(name: string, now = Date.now()): { caseId: string; mode: PrintMode } | undefined {
      const match = PRINT_NAME.exec(name);
      if (!match) return undefined;
      const [, caseId, mode, expires, signature] = match;
      const expected = sign(`${caseId}-${mode}-${expires}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      if (Number(expires) * 1000 <= now) return undefined;
      return { caseId, mode: mode as PrintMode };
    },
  };
}
export type PrintLinks = ReturnType<typeof createPrintLinks>;
