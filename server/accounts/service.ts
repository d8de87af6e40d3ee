import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Registration } from '../contract/accounts.ts';
import { ApiError, notFound } from '../errors/api-error.ts';
import type { Language } from '../errors/messages.ts';
import type { Mailer } from '../mail/mailer.ts';
import { otpMail, resetMail } from '../mail/templates.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import type { AccountStore } from './store.ts';
import { checkOtp, checkPassword, normaliseEmail } from './validation.ts';

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
}

/** The account rules of SPEC sections 4, 5 and 7, with no HTTP in them. */
export function createAccountService({ store, sessions, mailer, secret, publicUrl }: Dependencies) {
  const otpHash = (customerId: string, code: string) => createHmac('sha256', secret).update(`${customerId}:${code}`).digest('hex');
  const resetHash = (token: string) => createHash('sha256').update(token).digest('hex');
  // Unknown e-mails still cost one verification, so timing does not tell which exist.
  const dummyHash = hash('not-a-real-password-0');

  async function sendOtp(customerId: string, email: string, language: Language, name: string) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await store.replaceOtp(customerId, otpHash(customerId, code), OTP_TTL_SECONDS);
    await mailer.send(otpMail(email, language, name, code));
  }

  return {
    /** Creates an unverified customer and mails the code; false when the e-mail is taken. */
    async register(registration: Registration, picture: string | null, language: Language): Promise<boolean> {
      const { password, ...fields } = registration;
      const created = await store.insertCustomer({ ...fields, passwordHash: await hash(password), picture, language });
      if (!created) return false;
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

    /** Sends a fresh code to an unverified customer; says nothing about other e-mails. */
    async resendOtp(email: string) {
      const customer = await store.customerByEmail(normaliseEmail(email));
      if (customer && !customer.email_verified && customer.status === 'active') {
        await sendOtp(customer.id, customer.email, customer.language as Language, customer.firstname);
      }
    },

    async login(email: string, password: string): Promise<string> {
      const customer = await store.customerByEmail(normaliseEmail(email));
      const matches = await verify(customer?.password_hash ?? (await dummyHash), password);
      if (!customer || !matches) throw new ApiError(401, 'loginFailed');
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

    async forgotPassword(email: string) {
      const customer = await store.customerByEmail(normaliseEmail(email));
      if (!customer || customer.status !== 'active') return;
      const token = randomBytes(32).toString('base64url');
      await store.insertReset(customer.id, resetHash(token), RESET_TTL_SECONDS);
      const link = `${publicUrl}/reset_password/${customer.id}/${token}`;
      await mailer.send(resetMail(customer.email, customer.language as Language, customer.firstname, link));
    },

    async resetPassword(customerId: string, token: string, password: string) {
      checkPassword(password);
      if (!(await store.useReset(customerId, resetHash(token), await hash(password)))) {
        throw new ApiError(400, 'resetInvalid');
      }
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
