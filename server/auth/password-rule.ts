import fs from 'node:fs';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../contract/constants.ts';
import { ApiError } from '../errors/api-error.ts';

// ASVS 2.1.1 and 2.1.2: PASSWORD_MIN_LENGTH (10) to PASSWORD_MAX_LENGTH (128) characters, counted as
// the person sees them (code points); the screens show and check the same numbers.
/**
 * A local part this short ("abe", "li") is a syllable of many passwords; only the whole
 * address refuses those. Longer ones are a name anyone who mails the person knows.
 */
const LOCAL_PART_MIN_LENGTH = 4;

/**
 * The 10,000 most common passwords of 10 characters or more (shorter ones fail the length
 * rule anyway), lower-cased, one a line: docs/customer.md says where they come from.
 * Read once, when the server starts.
 */
const COMMON = new Set(
  fs.readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8').split('\n').filter(Boolean),
);

/**
 * The one rule every new password keeps (ASVS 2.1): registration, a customer's reset, a
 * staff user's set-password link and `npm run staff`. No composition rule (ASVS 2.1.9):
 * any Unicode, spaces included, a long passphrase of words alone is welcome. Signing in
 * never checks it, so a password set under an older rule keeps working.
 */
export function checkPassword(password: string, email: string): void {
  const length = [...password].length;
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.includes('@') ? address.slice(0, address.lastIndexOf('@')) : address;
  const namesTheAccount = lower === address || ([...localPart].length >= LOCAL_PART_MIN_LENGTH && lower.includes(localPart));
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH || COMMON.has(lower) || namesTheAccount) {
    throw new ApiError(400, 'passwordWeak', 'password');
  }
}
