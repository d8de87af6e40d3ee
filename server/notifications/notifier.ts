import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import type { Queryable } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { registry } from '../metrics/metrics.ts';
import type { Channel, JobStore, LeasedJob } from './job-store.ts';
import { noticeMail, noticeSms } from './notice-texts.ts';
import { noticeOf, type AlertMail, type CaseNotice, type MovedCase } from './notices.ts';
import { queuePasswordNotice, type PasswordOwner } from './password-notices.ts';
import { staffNoticeMail } from './staff-alert-mail.ts';
import type { SmsProvider } from './sms.ts';
import { noticeTelegram, type TelegramSender } from './telegram-notice.ts';
import type { RatingLinks } from '../ratings/rating-links.ts';

/**
 * How long a drainer holds the job it is sending (one at a time, so no job waits leased
 * behind others). Longer than any send can take (nodemailer gives up a silent connection
 * after 2 minutes, a silent socket after 10), so a lease only expires when its drainer
 * died: then another drainer takes the job over.
 */
export const LEASE_MS = 15 * 60_000;
/** The first retry waits this long; each next one twice as long, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
/** Attempts before a job is given up and kept as failed (its retries spread over about an hour). */
export const MAX_ATTEMPTS = 8;

const sentNotices = new Counter({
  name: 'portal_notifications_sent_total',
  help: 'Customer notices sent, by channel and notice',
  labelNames: ['channel', 'notice'] as const,
  registers: [registry],
});
const failedAttempts = new Counter({
  name: 'portal_notification_failures_total',
  help: 'Failed attempts to send a customer notice, by channel and whether it was the last one (given_up)',
  labelNames: ['channel', 'given_up'] as const,
  registers: [registry],
});

/** The database the notices' gauge counts in: the last instance started (one per process but in tests). */
let countUnsent: JobStore['unsent'] | undefined;
new Gauge({
  name: 'portal_notification_jobs_unsent',
  help: 'Customer notices not sent: waiting (due or retrying) and failed (given up, kept for an operator)',
  labelNames: ['state'] as const,
  registers: [registry],
  // At scrape time, from the database: every instance shows the same queue.
  async collect() {
    // A database that does not answer must not cost the scrape its other metrics.
    const counts = await countUnsent?.().catch(() => undefined);
    if (!counts) return;
    this.set({ state: 'waiting' }, counts.waiting);
    this.set({ state: 'failed' }, counts.failed);
  },
});

interface Dependencies {
  store: JobStore;
  mailer: Mailer;
  /** Undefined when SMS are off (SMS_PROVIDER=none): no SMS job is queued or sent. */
  sms: SmsProvider | undefined;
  /** Undefined without the Telegram bot (TELEGRAM_BOT_TOKEN unset): no Telegram job is queued or sent. */
  telegram: TelegramSender | undefined;
  /** The portal's address, for the link to the case (or, in a password notice, to where to act on it). */
  publicUrl: string;
  clock: () => number;
  /** Signs the "answered" mail's one-tap rating link. */
  ratingLinks: RatingLinks;
  /** REVIEW_WINDOW_DAYS, which the rejected mail names (issue 25). */
  reviewWindowDays: number;
  log: FastifyBaseLogger;
  /** NOTIFY_POLL_MS: how often this instance looks for due jobs. */
  pollMs: number;
}

/** The wait before attempt `attempts + 1`. */
export const retryDelay = (attempts: number) => Math.min(RETRY_FIRST_MS * 2 ** (attempts - 1), RETRY_MAX_MS);

/**
 * The customers' notices. A case move queues them in its own transaction
 * (`queueFor`, the casework store's afterMove hook), so a notice exists exactly when its
 * move does and sending never blocks or fails the staff action. Every instance drains the
 * queue on a timer; a job is leased (FOR UPDATE SKIP LOCKED), sent with no transaction or
 * lock held (PGlite runs one transaction at a time: a slow SMTP server would stop every
 * request), then marked sent under its lease. Two drainers never send one job. A drainer
 * that dies between sending and marking leaves the lease to expire and the job is sent
 * again: at least once, because a second copy of a notice harms less than a lost one.
 */
export function createNotifier({ store, mailer, sms, telegram, publicUrl, clock, ratingLinks, reviewWindowDays, log, pollMs }: Dependencies) {
  const channels: Channel[] = ['mail', ...(sms ? ['sms' as const] : []), ...(telegram ? ['telegram' as const] : [])];
  /** Drains run one after another in an instance; the timer's and a test's may ask at once. */
  let draining: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;

  /** Where a notice sends its reader: the case, or where to choose a new password (a customer) or log in (a staff user). */
  const linkOf = (job: LeasedJob) =>
    job.case_id ? `${publicUrl}/dashboard/case/${job.case_id}` : job.staff_id ? `${publicUrl}/staff/login` : `${publicUrl}/forgotpassword`;

  async function send(job: LeasedJob): Promise<void> {
    const recipient = await store.recipient(job);
    if (!recipient) throw new Error('the recipient no longer exists');
    const link = linkOf(job);
    try {
      if (job.notice === 'staff_alert' || job.notice === 'staff_due_digest') await mailer.send(staffNoticeMail(recipient, job.payload, publicUrl));
      else if (job.channel === 'mail') await mailer.send(noticeMail(job.notice, recipient, job.payload, link));
      else if (job.channel === 'telegram') {
        // Unlinked (/stop) since it was queued: nothing to send, and nothing to retry.
        const chat = await store.chatOf(job.customer_id!);
        if (chat !== undefined) await telegram!(chat, noticeTelegram(job.notice as CaseNotice, recipient, job.payload, link));
      }
      else await sms!.send(recipient.phone, noticeSms(job.notice, recipient, job.payload, link), { jobId: job.id, caseNotice: job.case_id !== null });
    } catch (error) {
      // A relay's refusal may quote the address; the log must not (the job id leads to it).
      const message = (error as Error).message.replaceAll(recipient.email, '[recipient]').replaceAll(recipient.phone, '[recipient]');
      throw new Error(message, { cause: error });
    }
  }

  async function attempt(job: LeasedJob, lease: string): Promise<boolean> {
    try {
      await send(job);
    } catch (error) {
      const givenUp = job.attempts >= MAX_ATTEMPTS;
      const message = (error as Error).message;
      failedAttempts.inc({ channel: job.channel, given_up: String(givenUp) });
      const now = clock();
      await store.markFailed(job.id, lease, message, new Date(now), givenUp ? null : new Date(now + retryDelay(job.attempts)));
      log.warn(`notice ${job.notice} by ${job.channel} (job ${job.id}, attempt ${job.attempts}) failed: ${message}${givenUp ? '; given up' : ''}`);
      return false;
    }
    sentNotices.inc({ channel: job.channel, notice: job.notice });
    if (!(await store.markSent(job.id, lease, new Date(clock())))) {
      log.warn(`notice job ${job.id} was sent after its lease expired: another instance may have sent it too`);
    }
    return true;
  }

  async function drainOnce(): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 };
    for (;;) {
      const lease = randomUUID();
      const now = clock();
      const job = await store.claimNext(channels, new Date(now), new Date(now + LEASE_MS), lease);
      if (!job) return result;
      result[(await attempt(job, lease)) ? 'sent' : 'failed']++;
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      notifier.drain().catch((error: Error) => log.error(`draining the notices failed: ${error.message}`)).finally(schedule);
    }, pollMs);
    timer.unref();
  }

  const notifier = {
    /** This instance's SMS provider, undefined when SMS are off: for texts that cannot wait in the queue (a phone account's one-time codes). */
    sms,

    /** The casework store's afterMove hook: queues the move's notice, if any, in its transaction. */
    async queueFor(tx: Queryable, move: MovedCase): Promise<void> {
      const made = noticeOf(move);
      if (!made) return;
      // Issue 25: the answer's one-tap rating link, its 30 days counted from the answer (the move's time, the app's clock).
      // The e-mail and the Telegram message write it; the SMS never does (one segment).
      const payload =
        made.notice === 'answered' ? { ...made.payload, ratingLink: `${publicUrl}/rate/${ratingLinks.token(move.caseId, move.at.getTime())}` }
        // Issue 25: the rejected mail names the route to a review; the SMS does not (one segment).
        : made.notice === 'rejected' ? { ...made.payload, reviewDays: reviewWindowDays }
        : made.payload;
      await store.queue(tx, { channels, notice: made.notice, caseId: move.caseId, customerId: move.customerId, payload, at: move.at });
    },

    /** In a reminder sweep's transaction (issue 25): the customer is reminded of the request they have not answered, by e-mail and SMS. */
    informationReminder: (tx: Queryable, reminder: { caseId: string; caseNumber: string; customerId: string; message: string; at: Date }) =>
      store.queue(tx, {
        channels, notice: 'information_reminder', caseId: reminder.caseId, customerId: reminder.customerId,
        payload: { caseNumber: reminder.caseNumber, message: reminder.message }, at: reminder.at,
      }),

    /** In a password change's transaction: its notice, on this instance's channels for a customer. */
    passwordChanged: (tx: Queryable, owner: PasswordOwner, at: Date) => queuePasswordNotice(tx, owner, at, channels),

    /** In a staff alert's transaction: its one e-mail, in the staff user's language (only when they take alerts by e-mail). */
    alertMailed: (tx: Queryable, alert: { staffId: string; language: string; mail: AlertMail; at: Date }) =>
      store.queue(tx, { channels: ['mail'], notice: 'staff_alert', staffId: alert.staffId, payload: { language: alert.language, alert: alert.mail }, at: alert.at }),

    /** In a due-date sweep's transaction: the case joins the staff user's one digest of that Addis Ababa day. */
    dueDigested: store.queueDigestItem,

    /** Sends every due job this instance can lease; tests call it instead of waiting for the timer. */
    drain(): Promise<{ sent: number; failed: number }> {
      const run = draining.then(drainOnce, drainOnce);
      draining = run.catch(() => {});
      return run;
    },

    /** Drains every NOTIFY_POLL_MS from now on. */
    start() {
      stopped = false;
      countUnsent = store.unsent;
      schedule();
    },

    /** No new drain; resolves once the one under way has finished. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (countUnsent === store.unsent) countUnsent = undefined;
      await draining;
    },
  };
  return notifier;
}
export type Notifier = ReturnType<typeof createNotifier>;
