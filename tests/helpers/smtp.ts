import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';

/** What a test reads of a received mail. */
export interface ReceivedMail {
  /** The recipient address, lower-cased. */
  to: string;
  subject: string;
  text: string;
}

export interface SmtpReceiver {
  /** smtp://127.0.0.1:PORT, for the server's SMTP_URL (smtpUrl). */
  url: string;
  /** Every mail received so far, in order of arrival. */
  mails: ReceivedMail[];
  /**
   * The first mail to `to` (case-insensitive) that no earlier waitForMail returned and
   * that matches `predicate`; fails with a clear error after `timeoutMs`.
   */
  waitForMail(to: string, predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const firstAddress = (field: AddressObject | AddressObject[] | undefined): string | undefined =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) => object.value).find((a) => a.address)?.address;

/**
 * A real SMTP server on a random local port (or `port`: a relay coming back where it was),
 * where the portal sends exactly as it would to a mail relay, with no TLS and no
 * authentication, and each message is parsed.
 */
export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const consumed = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
          const to = (firstAddress(parsed.to) ?? envelopeTo[0] ?? '').toLowerCase();
          mails.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '' });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: listening } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${listening}`,
    mails,
    async waitForMail(to, predicate = () => true, timeoutMs = 5_000) {
      const address = to.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => m.to === address && !consumed.has(m) && predicate(m));
        if (mail) {
          consumed.add(mail);
          return mail;
        }
        if (Date.now() >= deadline) {
          const seen = mails.map((m) => `${m.to}: "${m.subject}"`).join('; ') || 'none';
          throw new Error(`No new mail to ${to} within ${timeoutMs} ms (received so far: ${seen})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
