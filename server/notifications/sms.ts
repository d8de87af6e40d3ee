import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { addisDay } from '../casework/due-dates.ts';
import { phoneOrAsStored } from '../phones/phone-number.ts';

/** What the sender knows of a notice job's message; a code or a reply to an incoming SMS has none. */
export interface NoticeJob {
  jobId: number;
  /** A notice of the customer's case: held back from a number that sent STOP (a password notice is not). */
  caseNotice: boolean;
}

/** Whatever sends the portal's text messages, with their bookkeeping (createSmsSender). */
export interface SmsProvider {
  /**
   * Resolves once the message was handed to the gateway, or held back on purpose (over the
   * daily cap, a stopped number's case notice); throws when the gateway did not take it (the
   * job is retried).
   */
  send(to: string, text: string, notice?: NoticeJob): Promise<void>;
}

/** What carries one message to a phone: a gateway's HTTP API, or a file for a local user. */
export interface SmsTransport {
  /** Resolves with the gateway's id for the message when it gave one; throws when it did not take it. */
  send(to: string, text: string): Promise<{ providerId?: string }>;
}

/** SMS_PROVIDER: `file` writes each message to DATA_DIR/sms/; `http` posts it to a gateway; `none` sends no SMS at all. */
export type SmsProviderName = Config['smsProvider'];

/**
 * The default transport: one UTF-8 file per message in DATA_DIR/sms/, as mail goes to
 * DATA_DIR/mail/ without SMTP, so a local user (or a test) can read what was sent.
 */
export function fileSmsTransport(dataDir: string, log: FastifyBaseLogger): SmsTransport {
  const smsDir = path.join(dataDir, 'sms');
  return {
    async send(to, text) {
      await fs.promises.mkdir(smsDir, { recursive: true });
      const file = path.join(smsDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.txt`);
      await fs.promises.writeFile(file, `To: ${to}\n\n${text}\n`);
      // The phone number is personal data: only at debug level.
      log.info(`SMS written to ${file}`);
      log.debug(`SMS in ${file} is for ${to}`);
      return {};
    },
  };
}

/** A gateway that does not answer in this time is taken as not having sent (the job is retried). */
const GATEWAY_TIMEOUT_MS = 30_000;

/**
 * The common HTTP SMS API (issue 26): a POST of `to`, `from` (SMS_SENDER) and `text`, as
 * JSON or as a form (SMS_HTTP_FORMAT), with SMS_HTTP_AUTH as the whole Authorization header.
 * Any 2xx is taken; the message's id is read from the answer where gateways put it.
 */
export function httpSmsTransport({ httpUrl, httpAuth, sender, httpFormat }: Config['sms']): SmsTransport {
  return {
    async send(to, text) {
      const fields = { to, from: sender, text };
      const body = httpFormat === 'form' ? new URLSearchParams(fields).toString() : JSON.stringify(fields);
      const response = await fetch(httpUrl, {
        method: 'POST',
        headers: {
          'content-type': httpFormat === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
          accept: 'application/json',
          ...(httpAuth ? { authorization: httpAuth } : {}),
        },
        body,
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      const answer = await response.text();
      // The status only: a refusal's body may quote the number or the text.
      if (!response.ok) throw new Error(`the SMS gateway answered ${response.status}`);
      return { providerId: messageIdIn(answer) };
    },
  };
}

const ID_FIELDS = ['message_id', 'messageId', 'id', 'sid'];
/** Where common gateways list the messages they took: their first entry holds the id. */
const LIST_FIELDS = ['messages', 'results', 'data', 'Recipients'];

/** The message id in a gateway's answer ({id}, {message_id}, {messages: [{messageId}]} …), if it is JSON and has one. */
export function messageIdIn(answer: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return undefined;
  }
  const find = (value: unknown, depth: number): string | undefined => {
    if (!value || typeof value !== 'object' || depth > 3) return undefined;
    if (Array.isArray(value)) return find(value[0], depth + 1);
    const record = value as Record<string, unknown>;
    for (const field of ID_FIELDS) {
      const id = record[field];
      if (typeof id === 'string' || typeof id === 'number') return String(id);
    }
    for (const [field, inner] of Object.entries(record)) {
      if (LIST_FIELDS.includes(field) || (inner && typeof inner === 'object' && !Array.isArray(inner))) {
        const id = find(inner, depth + 1);
        if (id) return id;
      }
    }
    return undefined;
  };
  return find(parsed, 0);
}

interface SenderOptions {
  db: Queryable;
  transport: SmsTransport;
  /** SMS_DAILY_CAP: messages a number gets in an Addis Ababa day, at most. */
  dailyCap: number;
  clock: () => number;
}

/**
 * Sends through a transport and keeps every message in sms_message (migration 036): the
 * number in its one form (+251…, which any gateway can dial; one stored some other way is
 * read again here), its state and the gateway's id, which delivery receipts name. A
 * message is stored as `sending`, in the statement that counts the number's messages of the
 * day, before it is handed over, so other instances count it while it goes (two counting at
 * the very same instant may both pass: the cap bounds cost and floods, it is not exact).
 * A notice job already handed over (its drainer died before marking it sent) is not
 * handed over again.
 */
export function createSmsSender({ db, transport, dailyCap, clock }: SenderOptions): SmsProvider {
  return {
    async send(to, text, notice) {
      const phone = phoneOrAsStored(to);
      const now = new Date(clock());
      const dayStart = new Date(`${addisDay(now)}T00:00:00+03:00`);
      const [held] = await db.query<{ id: number; state: string }>(
        `WITH already AS (
           SELECT id FROM sms_message WHERE job_id = $3 AND state IN ('sent', 'delivered', 'undelivered') LIMIT 1
         ), counted AS (
           SELECT count(*)::int AS today FROM sms_message WHERE phone = $1 AND created_at >= $4 AND state NOT IN ('capped', 'stopped')
         )
         INSERT INTO sms_message (phone, job_id, state, created_at, updated_at)
         SELECT $1, $3,
           CASE WHEN $6 AND EXISTS (SELECT 1 FROM sms_stop WHERE phone = $1) THEN 'stopped'
                WHEN (SELECT today FROM counted) >= $5 THEN 'capped'
                ELSE 'sending' END,
           $2, $2
         WHERE NOT EXISTS (SELECT 1 FROM already)
         RETURNING id, state`,
        [phone, now, notice?.jobId ?? null, dayStart, dailyCap, notice?.caseNotice ?? false],
      );
      if (held?.state !== 'sending') return;
      let providerId: string | undefined;
      try {
        ({ providerId } = await transport.send(phone, text));
      } catch (error) {
        // Not sent: it does not count against the day's cap; the job's retry stores it again.
        await db.query('DELETE FROM sms_message WHERE id = $1', [held.id]);
        throw error;
      }
      await db.query(`UPDATE sms_message SET state = 'sent', provider_id = $2, updated_at = $3 WHERE id = $1`, [held.id, providerId ?? null, new Date(clock())]);
    },
  };
}

/** The configured transport, or undefined when SMS are off (no SMS job is then queued). */
export function smsTransportFor(config: Pick<Config, 'smsProvider' | 'sms' | 'dataDir'>, log: FastifyBaseLogger): SmsTransport | undefined {
  if (config.smsProvider === 'http') return httpSmsTransport(config.sms);
  return config.smsProvider === 'file' ? fileSmsTransport(config.dataDir, log) : undefined;
}
