import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { phoneOrAsStored } from '../phones/phone-number.ts';

/** Whatever carries a text message to a phone: a gateway's HTTP API, a modem … */
export interface SmsProvider {
  /** Resolves once the provider took the message; throws when it did not (the job is retried). */
  send(to: string, text: string): Promise<void>;
}

/** SMS_PROVIDER: `file` writes each message to DATA_DIR/sms/; `none` sends no SMS at all. */
export type SmsProviderName = 'file' | 'none';

/**
 * The default provider: one UTF-8 file per message in DATA_DIR/sms/, as mail goes to
 * DATA_DIR/mail/ without SMTP, so a local user (or a test) can read what was sent.
 */
export function fileSmsProvider(dataDir: string, log: FastifyBaseLogger): SmsProvider {
  const smsDir = path.join(dataDir, 'sms');
  return {
    async send(to, text) {
      await fs.promises.mkdir(smsDir, { recursive: true });
      const file = path.join(smsDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.txt`);
      await fs.promises.writeFile(file, `To: ${to}\n\n${text}\n`);
      // The phone number is personal data: only at debug level.
      log.info(`SMS written to ${file}`);
      log.debug(`SMS in ${file} is for ${to}`);
    },
  };
}

/** The configured provider, or undefined when SMS are off (no SMS job is then queued). */
export function smsProviderFor(name: SmsProviderName, dataDir: string, log: FastifyBaseLogger): SmsProvider | undefined {
  return name === 'file' ? toNumbersInOneForm(fileSmsProvider(dataDir, log)) : undefined;
}

/**
 * Every message goes to the number in its one form (+251…), which any gateway can dial:
 * numbers are stored so since migration 024, and one written some other way (by hand, or a
 * copy of the database from before) is read again at send.
 */
function toNumbersInOneForm(provider: SmsProvider): SmsProvider {
  return { send: (to, text) => provider.send(phoneOrAsStored(to), text) };
}
