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

  return {
    async send(mail: Mail): Promise<void> {
      if (transport) {
        await transport.sendMail({ from: options.from, ...mail });
        return;
      }
      // Plain UTF-8 text, so the code or link can be read with any editor.
      fs.mkdirSync(mailDir, { recursive: true });
      const file = path.join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.txt`);
      fs.writeFileSync(file, `From: ${options.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`);
      log.info(`mail "${mail.subject}" for ${mail.to} written to ${file} (set SMTP_URL to send it)`);
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
