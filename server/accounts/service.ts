import { createHash, createHmac, randomBytes } from 'node:crypto';
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
import { checkOtp, type Login } from './validation.ts';
import { newCode, phoneSms, type PhoneTexts } from './phone-codes.ts';
import { checkPhone } from '../phones/phone-number.ts';

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
  /** A phone account's codes and warnings by SMS, counted per number (issue 26). */
  phoneTexts: PhoneTexts;
}

/** The account rules of SPEC sections 4, 5 and 7, with no HTTP in them. */
export function createAccountService({ store, sessions, mailer, secret, publicUrl, signIn, storage, clock, passwordChanged, phoneTexts }: Dependencies) {
  const otpHash = (customerId: string, code: string) => createHmac('sha256', secret).update(`${customerId}:${code}`).digest('hex');
  const resetHash = (token: string) => createHash('sha256').update(token).digest('hex');
  /** The account an e-mail names, or the one a number signs in (migration 035). */
  const accountOf = (login: Login) => ('phone' in login ? store.customerByPhone(login.phone) : store.customerByEmail(login.email));

  /**
   * The active account a code or a reset is asked for, and the language to write to it in
   * (`language` when the app names one, else the one they registered in); undefined for none.
   * A number's texts are counted first, whoever holds it, so its hourly cap says nothing either.
   */
  async function accountWrittenTo(login: Login, language?: Language) {
    if ('phone' in login) {
      phoneTexts.requireSms();
      await phoneTexts.count(login.phone);
    }
    const customer = await accountOf(login);
    if (!customer || customer.status !== 'active') return undefined;
    return { customer, writeIn: language ?? (customer.language as Language) };
  }
  const otpInvalid = () => new ApiError(400, 'otpInvalid');

  /** A new one-time code for the customer, replacing any before it (kept hashed); the code itself, to send. */
  async function newOtp(customerId: string) {
    const code = newCode();
    await store.replaceOtp(customerId, otpHash(customerId, code), OTP_TTL_SECONDS);
    return code;
  }

  /** A new code; the registration waits for its mail (a failure undoes the account), a resend does not. */
  async function sendOtp(customerId: string, email: string, language: Language, name: string, wait = true) {
    const code = await newOtp(customerId);
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
      // Without an e-mail the phone is the account's (issue 26): its code, or its owner's warning, goes by SMS.
      const sms = registration.email ? undefined : phoneTexts.requireSms();
      if (sms) await phoneTexts.count(registration.phone);
      const created = await store.insertCustomer(
        { ...fields, passwordHash: await hash(password), picture, language },
        (tx) => storage.claim(tx, 'customer-images', picture),
      );
      if (!created) {
        const owner = await (sms ? store.customerByPhone(registration.phone) : store.customerByEmail(registration.email));
        if (owner && sms) await sms.send(registration.phone, phoneSms('registrationAttemptSms', owner.language as Language));
        else if (owner?.email) {
          await mailer.send(registrationAttemptMail(owner.email, owner.language as Language, owner.firstname, `${publicUrl}/login`));
        }
        return false;
      }
      try {
        if (sms) await sms.send(registration.phone, phoneSms('codeSms', language, await newOtp(created.id)));
        else await sendOtp(created.id, registration.email, language, registration.firstname);
      } catch (error) {
        await store.deleteUnverifiedCustomer(created.id);
        throw error;
      }
      return true;
    },

    /** Verifies the e-mail, or the phone of a phone account, the code was sent to. */
    async verifyOtp(login: Login, otp: string) {
      const code = checkOtp(otp);
      const customer = await accountOf(login);
      const verifies = 'phone' in login ? 'phone' : 'email';
      const verified = verifies === 'phone' ? customer?.phone_verified : customer?.email_verified;
      if (!customer || verified || !(await store.consumeOtp(customer.id, otpHash(customer.id, code), OTP_MAX_ATTEMPTS, verifies))) {
        throw otpInvalid();
      }
    },

    /**
     * Sends a fresh code to an unverified customer; says nothing about other e-mails or
     * numbers. It is in `language`, the one the app shows as they ask, else the one they
     * registered in. Not waited for: an unknown or verified one answers at once, so must this one.
     */
    async resendOtp(login: Login, language?: Language) {
      const asked = await accountWrittenTo(login, language);
      if (!asked) return;
      const { customer, writeIn } = asked;
      if ('phone' in login) {
        if (!customer.phone_verified) phoneTexts.sendInBackground(login.phone, phoneSms('codeSms', writeIn, await newOtp(customer.id)));
      } else if (!customer.email_verified) await sendOtp(customer.id, login.email, writeIn, customer.firstname, false);
    },

    async login(login: Login, password: string, address: string): Promise<string> {
      // A phone account's number counts failed sign-ins as an e-mail does.
      const attempt = { kind: 'customer' as const, email: 'phone' in login ? login.phone : login.email, password, address };
      const customer = await signIn(attempt, () => accountOf(login));
      if (!customer) throw new ApiError(401, 'loginFailed');
      // Told only after the right password, so these do not reveal who has an account.
      if ('phone' in login ? !customer.phone_verified : !customer.email_verified) {
        throw new ApiError(403, 'phone' in login ? 'phoneNotVerified' : 'emailNotVerified');
      }
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

    /**
     * The reset mail (a link), or for a phone a code by SMS for resetPasswordByCode; in
     * `language` when the app names one, else the customer's stored one.
     */
    async forgotPassword(login: Login, language?: Language) {
      const asked = await accountWrittenTo(login, language);
      if (!asked) return;
      const { customer, writeIn } = asked;
      if ('phone' in login) {
        phoneTexts.sendInBackground(login.phone, phoneSms('codeSms', writeIn, await newOtp(customer.id)));
        return;
      }
      const token = randomBytes(32).toString('base64url');
      await store.insertReset(customer.id, resetHash(token), RESET_TTL_SECONDS);
      const link = `${publicUrl}/reset_password/${customer.id}/${token}`;
      mailer.sendInBackground(resetMail(login.email, writeIn, customer.firstname, link));
    },

    /**
     * A phone account's new password, with the code forgotPassword texted (issue 26): the code
     * also verifies the phone, and the password, sessions ending and the notice of the change
     * are one transaction with its use. A weak password is refused before the code is used.
     */
    async resetPasswordByCode(typedPhone: string, otp: string, password: string) {
      const phone = checkPhone(typedPhone, 'phone');
      const code = checkOtp(otp);
      const customer = await store.customerByPhone(phone);
      if (!customer || customer.status !== 'active') throw otpInvalid();
      checkPassword(password, phone);
      const passwordHash = await hash(password);
      const now = new Date(clock());
      const changed = await store.consumeOtp(customer.id, otpHash(customer.id, code), OTP_MAX_ATTEMPTS, 'phone', async (tx) => {
        await store.setPassword(tx, customer.id, passwordHash, now);
        await passwordChanged(tx, { customerId: customer.id }, now);
      });
      if (!changed) throw otpInvalid();
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
