import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail through SMTP_URL. Without one, each mail is written to DATA_DIR/mail/ as
 * an .eml file and one log line says where, so a local user can still finish
 * registering. One function per kind of work, so a queue can take it over later.
 */
export function createMailer(options: { smtpUrl: string; from: string; dataDir: string }, log: FastifyBaseLogger) {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;
  const mailDir = path.join(options.dataDir, 'mail');
  // Once, at start: in a deployment this means nobody receives codes or reset links.
  if (!transport) log.warn(`SMTP_URL is not set: mail is written to ${mailDir} instead of sent`);

  const mailer = {
    async send(mail: Mail): Promise<void> {
      if (transport) {
        await transport.sendMail({ from: options.from, ...mail });
        return;
      }
      // Plain UTF-8 text, so the code or link can be read with any editor.
      fs.mkdirSync(mailDir, { recursive: true });
      const file = path.join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.txt`);
      fs.writeFileSync(file, `From: ${options.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`);
      // The address is personal data: only at debug level, for a developer reading their own mail.
      log.info(`mail "${mail.subject}" written to ${file}`);
      log.debug(`mail in ${file} is for ${mail.to}`);
    },

    /**
     * For mails whose very existence is a secret (a reset link or a code only a registered
     * address gets): the answer must not wait on them, or its timing tells who has an account.
     * A failure is logged, without the address.
     */
    sendInBackground(mail: Mail): void {
      mailer.send(mail).catch((error: Error) => log.error(`mail "${mail.subject}" could not be sent: ${error.message.replaceAll(mail.to, '[recipient]')}`));
    },
  };
  return mailer;
}
export type Mailer = ReturnType<typeof createMailer>;
