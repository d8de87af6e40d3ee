import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { UUID } from '../contract/constants.ts';
import { strictBase64url } from '../auth/tokens.ts';

/** Issue 25: the one-tap link in the "answered" mail works for 30 days from the answer. */
export const RATING_LINK_DAYS = 30;

// An HMAC-SHA256 cut to 128 bits keeps the token under Fastify's 100-character path parameter limit.
const SIGNATURE_BYTES = 16;
// Parts of fixed length joined by '-', no '.': the page's path must not look like a file
// (server/web/routes.ts serves the app only for paths with no extension).
const TOKEN = /^([0-9a-f-]{36})-(\d{1,12})-([A-Za-z0-9_-]{22})$/;

/** What a token says once checked: the case it rates, or why it is refused. */
export type RatingLinkCheck = { caseId: string } | { refused: 'ratingLinkInvalid' | 'ratingLinkExpired' };

/**
 * The rating link's token names the case and its expiry, nothing about the customer, and is
 * signed so only the server can make one (the way print names are, server/cases/print-links.ts).
 * "Once" is not in the token: the case's one rating decides it (server/ratings/service.ts).
 */
export function createRatingLinks(secret: Buffer) {
  // A label of its own, so this signature can never pass for a session token's or a print name's.
  const key = createSecretKey(secret);
  const sign = (payload: string) => createHmac('sha256', key).update(`case-rating:${payload}`).digest().subarray(0, SIGNATURE_BYTES);

  return {
    /** The token for a case answered at `answeredAt` (ms, the app's clock). */
    token(caseId: string, answeredAt: number): string {
      const expires = Math.floor(answeredAt / 1000) + RATING_LINK_DAYS * 86_400;
      const payload = `${caseId}-${expires}`;
      return `${payload}-${sign(payload).toString('base64url')}`;
    },

    check(token: string, now: number): RatingLinkCheck {
      const match = TOKEN.exec(token);
      if (!match || !UUID.test(match[1])) return { refused: 'ratingLinkInvalid' };
      const [, caseId, expires, signature] = match;
      const expected = sign(`${caseId}-${expires}`);
      // One spelling per signature, as for session tokens.
      const given = strictBase64url(signature);
      if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'ratingLinkInvalid' };
      if (Number(expires) * 1000 <= now) return { refused: 'ratingLinkExpired' };
      return { caseId };
    },
  };
}
export type RatingLinks = ReturnType<typeof createRatingLinks>;
