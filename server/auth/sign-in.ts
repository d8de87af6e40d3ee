import { hash, verify } from '@node-rs/argon2';
import { tooManyAttempts } from '../errors/api-error.ts';
import type { AttemptCounters } from './attempt-counters.ts';

export interface SignInLimits {
  /** Failed sign-ins per account from one client address (GUESS_LIMIT_MAX). */
  perAddress: number;
  /** Failed sign-ins per account from all addresses together (SIGN_IN_ACCOUNT_LIMIT_MAX). */
  perAccount: number;
  windowMs: number;
}

export interface SignInAttempt {
  /** Customers and staff are counted apart: the same e-mail may be both. */
  kind: 'customer' | 'staff';
  email: string;
  password: string;
  /** The client address, as far as TRUST_PROXY lets the server know it. */
  address: string;
}

let dummyHashOnce: Promise<string> | undefined;

/**
 * The one password check for customers and staff. Only failures count, per (account,
 * address) and per account: the owner's own sign-ins never lock them out, a stranger's
 * wrong guesses lock out only the stranger's address, and a spread-out attack stops at
 * the account's cap (which then refuses everyone until its window ends). Counting
 * happens before the password is checked, so a locked pair cannot keep guessing and
 * parallel guesses cannot slip past; a right password gives its count back.
 */
export function createSignIn(counters: AttemptCounters, limits: SignInLimits) {
  // Unknown e-mails still cost one verification, so timing does not tell which exist. One
  // hash serves every server in the process (a test process builds hundreds).
  const dummyHash = (dummyHashOnce ??= hash('not-a-real-password-0'));

  return async function signIn<Account extends { password_hash: string | null }>(
    attempt: SignInAttempt,
    find: (email: string) => Promise<Account | undefined>,
  ): Promise<Account | undefined> {
    const email = attempt.email.trim().toLowerCase();
    const accountKey = `sign-in:${attempt.kind}:${email}`;
    const pairKey = `${accountKey}:${attempt.address}`;

    const pairRefusal = await counters.take(pairKey, limits.perAddress, limits.windowMs);
    if (pairRefusal) throw tooManyAttempts(pairRefusal.retryAfterSeconds);
    const accountRefusal = await counters.take(accountKey, limits.perAccount, limits.windowMs);
    if (accountRefusal) {
      await counters.giveBack(pairKey);
      throw tooManyAttempts(accountRefusal.retryAfterSeconds);
    }

    const account = await find(email);
    const matches = await verify(account?.password_hash ?? (await dummyHash), attempt.password);
    // An account with no password set (the demo's officers) has no login, not the dummy's.
    const hasPassword = Boolean(account?.password_hash);
    // A failure: both counts stay.
    if (!account || !hasPassword || !matches) return undefined;
    await counters.clear(pairKey);
    await counters.giveBack(accountKey);
    return account;
  };
}
export type SignIn = ReturnType<typeof createSignIn>;
