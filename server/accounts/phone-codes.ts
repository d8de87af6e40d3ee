import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AttemptCounters } from '../auth/attempt-counters.ts';
import { translate, type Language } from '../errors/catalogs.ts';
import { ApiError } from '../errors/api-error.ts';
import type { SmsProvider } from '../notifications/sms.ts';
import { phoneSmsSources } from './phone-sources.ts';

/** At most this many texts to one number in CODE_WINDOW_MS, whatever asked for them (issue 26). */
export const CODES_PER_NUMBER = 5;
export const CODE_WINDOW_MS = 60 * 60_000;

const texts = translate(phoneSmsSources);

/** The SMS text in that language, its `{code}` filled in. */
export const phoneSms = (key: keyof typeof phoneSmsSources, language: Language, code = '') => texts[key][language].replace('{code}', code);

/** A fresh six-digit one-time code. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * The texts a phone account is sent: a code (registration, resend, reset) or the owner's
 * warning of a registration with their number. Every one counts against the number's cap,
 * in the database (guess_attempt), so every instance counts alike, and known and unknown
 * numbers are counted alike, so a 429 tells nobody who has an account.
 */
export function createPhoneTexts({ sms, counters, log }: { sms: SmsProvider | undefined; counters: AttemptCounters; log: FastifyBaseLogger }) {
  return {
    /** Refuses a phone account's call when SMS are off: it could never get its code. */
    requireSms(): SmsProvider {
      if (!sms) throw new ApiError(400, 'smsUnavailable', 'phone');
      return sms;
    },

    /** Counts one text to `phone`; the translated 429 past the cap. */
    async count(phone: string) {
      const refusal = await counters.take(`sms-code:${phone}`, CODES_PER_NUMBER, CODE_WINDOW_MS);
      if (refusal) throw new ApiError(429, 'smsCodeLimit', undefined, refusal.retryAfterSeconds);
    },

    /** Sends without waiting, so an answer for a known number comes as fast as for an unknown one. */
    sendInBackground(phone: string, text: string) {
      this.requireSms()
        .send(phone, text)
        .catch((error: Error) => log.error(`an account SMS could not be sent: ${error.message.replaceAll(phone, '[recipient]')}`));
    },
  };
}
export type PhoneTexts = ReturnType<typeof createPhoneTexts>;
