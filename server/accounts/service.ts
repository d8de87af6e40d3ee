import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Registration } from '../contract/accounts.ts';
import { ApiError, notFound } from '../errors/api-error.ts';
import type { Language } from '../errors/messages.ts';
import type { FileStorage } from '../files/storage.ts';
import type { Mailer } from '../mail/mailer.ts';
import { otpMail, registrationAttemptMail, resetMail } from '../mail/templates.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import type { SignIn } from '../auth/sign-in.ts';
import type { AccountStore } from './store.ts';
import { checkPassword } from '../auth/password-rule.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { checkOtp, normaliseEmail } from './validation.ts';

export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const RESET_TTL_SECONDS = 30 * 60;

interface Dependencies {
  store: AccountStore;
  sessions: Sessions;
  mailer: Mailer;
  /** Keys the code hashes, so a leaked table alone does not give the codes away. */
  secret: Buffer;
  publicUrl: string;
  signIn: SignIn;
  /** Where the registration's picture is kept; the new customer's row claims it. */
  storage: FileStorage;
  /** The clock session tokens are stamped with, so a reset ends exactly the sessions before it. */
  clock: () => number;
  /** Queues the notice of a password change in the change's transaction. */
  passwordChanged: Notifier['passwordChanged'];
}

/** The account rules of SPEC sections 4, 5 and 7, with no HTTP in them. */
export function createAccountService({ store, sessions, mailer, secret, publicUrl, signIn, storage, clock, passwordChanged }: Dependencies) {
  const otpHash = (customerId: string, code: string) => createHmac('sha256', secret).update(`${customerId}:${code}`).digest('hex');
  const resetHash = (token: string) => createHash('sha256').update(token).digest('hex');

  /** A new code; the registration waits for its mail (a failure undoes the account), a resend does not. */
  async function sendOtp(customerId: string, email: string, language: Language, name: string, wait = true) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await store.replaceOtp(customerId, otpHash(customerId, code), OTP_TTL_SECONDS);
    const mail = otpMail(email, language, name, code);
    if (wait) await mailer.send(mail);
    else mailer.sendInBackground(mail);
  }

  return {
    /**
     * Creates an unverified customer and mails the code. When the e-mail already has an
     * account, nothing is stored and its owner is told by mail instead; false then, and the
     * caller answers as for a new account, so nobody learns who is registered.
     */
    async register(registration: Registration, picture: string | null, language: Language): Promise<boolean> {
      const { password, ...fields } = registration;
      const created = await store.insertCustomer(
        { ...fields, passwordHash: await hash(password), picture, language },
        (tx) => storage.claim(tx, 'customer-images', picture),
      );
      if (!created) {
        const owner = await store.customerByEmail(registration.email);
        if (owner) await mailer.send(registrationAttemptMail(owner.email, owner.language as Language, owner.firstname, `${publicUrl}/login`));
        return false;
      }
      try {
        await sendOtp(created.id, registration.email, language, registration.firstname);
      } catch (error) {
        await store.deleteUnverifiedCustomer(created.id);
        throw error;
      }
      return true;
    },

    async verifyOtp(email: string, otp: string) {
      const code = checkOtp(otp);
      const customer = await store.customerByEmail(normaliseEmail(email));
      if (!customer || customer.email_verified || !(await store.consumeOtp(customer.id, otpHash(customer.id, code), OTP_MAX_ATTEMPTS))) {
        throw new ApiError(400, 'otpInvalid');
      }
    },

    /**
     * Sends a fresh code to an unverified customer; says nothing about other e-mails. The mail
     * is in `language`, the one the app shows as they ask, else the one they registered in.
     */
    async resendOtp(email: string, language?: Language) {
      const customer = await store.customerByEmail(normaliseEmail(email));
      if (customer && !customer.email_verified && customer.status === 'active') {
        // Not waited for: an unknown or verified address answers at once, so must this one.
        await sendOtp(customer.id, customer.email, language ?? (customer.language as Language), customer.firstname, false);
      }
    },

    async login(email: string, password: string, address: string): Promise<string> {
      const attempt = { kind: 'customer' as const, email: normaliseEmail(email), password, address };
      const customer = await signIn(attempt, store.customerByEmail);
      if (!customer) throw new ApiError(401, 'loginFailed');
      // Told only after the right password, so these do not reveal who has an account.
      if (!customer.email_verified) throw new ApiError(403, 'emailNotVerified');
      if (customer.status !== 'active') throw new ApiError(403, 'accountInactive');
      return sessions.issue(customer.id, 'customer');
    },

    /** A customer reads only their own record; another id answers as if it did not exist. */
    async customer(session: SessionClaims, id: string) {
      const customer = id === session.id ? await store.customerById(id) : undefined;
      if (!customer) throw notFound();
      return customer;
    },

    logout: (session: SessionClaims) => sessions.revoke(session),

    /** The reset mail is in `language` when the app names one, else the customer's stored one. */
    async forgotPassword(email: string, language?: Language) {
      const customer = await store.customerByEmail(normaliseEmail(email));
      if (!customer || customer.status !== 'active') return;
      const token = randomBytes(32).toString('base64url');
      await store.insertReset(customer.id, resetHash(token), RESET_TTL_SECONDS);
      const link = `${publicUrl}/reset_password/${customer.id}/${token}`;
      mailer.sendInBackground(resetMail(customer.email, language ?? (customer.language as Language), customer.firstname, link));
    },

    /** The link's own customer chooses a password by the rule; they are told of it by mail (and SMS). */
    async resetPassword(customerId: string, token: string, password: string) {
      const email = await store.resetOwner(customerId, resetHash(token));
      if (!email) throw new ApiError(400, 'resetInvalid');
      checkPassword(password, email);
      const now = new Date(clock());
      const changed = await store.useReset(customerId, resetHash(token), await hash(password), now, (tx) => passwordChanged(tx, { customerId }, now));
      // Used up between the two reads (a second tab's reset).
      if (!changed) throw new ApiError(400, 'resetInvalid');
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
