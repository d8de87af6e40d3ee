import { createHash } from 'node:crypto';

// Crockford's base 32 without I, L, O and U: no letter reads as a digit.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * What stands for a customer once their personal data is erased: "Customer 7F3K-Q2M9", the
 * same for one account every time (from its random id, which says nothing about the person),
 * so the corporation's records of their cases still read as one person's.
 */
export function pseudonymOf(customerId: string): string {
  const digest = createHash('sha256').update(`customer:${customerId}`).digest();
  const code = Array.from(digest.subarray(0, 8), (byte) => ALPHABET[byte % 32]).join('');
  return `Customer ${code.slice(0, 4)}-${code.slice(4)}`;
}
