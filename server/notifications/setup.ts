import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createJobStore } from './job-store.ts';
import { createNotifier, type Notifier } from './notifier.ts';
import { createSmsSender, smsTransportFor } from './sms.ts';
import type { RatingLinks } from '../ratings/rating-links.ts';
import type { TelegramSender } from './telegram-notice.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the customers' notices that are due now, as the timer does (tests call it). */
    drainNotifications: Notifier['drain'];
  }
}

/**
 * The notices of this instance: the drain starts with the server (every NOTIFY_POLL_MS)
 * and stops with it, waiting for a send under way. The returned notifier's `queueFor` is
 * the casework store's afterMove hook; its `sms` also sends codes and replies to incoming
 * SMS (undefined with SMS_PROVIDER=none).
 */
export function setUpNotifications(
  app: FastifyInstance,
  { db, mailer, config, clock, ratingLinks, telegram }: {
    db: Database; mailer: Mailer; config: Config; clock: () => number; ratingLinks: RatingLinks;
    /** The Telegram bot's sender (issue 26); undefined when the bot is off. */
    telegram: TelegramSender | undefined;
  },
): Notifier {
  const transport = smsTransportFor(config, app.log);
  // Notices, codes and replies to incoming SMS all go through it: one daily cap, one table of sent SMS.
  const sms = transport && createSmsSender({ db, transport, dailyCap: config.sms.dailyCap, clock });
  const notifier = createNotifier({
    store: createJobStore(db),
    mailer,
    sms,
    telegram,
    publicUrl: config.publicUrl,
    clock,
    ratingLinks,
    reviewWindowDays: config.dialogue.reviewWindowDays,
    log: app.log,
    pollMs: config.notifyPollMs,
  });
  app.decorate('drainNotifications', notifier.drain);
  app.addHook('onReady', async () => notifier.start());
  app.addHook('onClose', () => notifier.stop());
  return notifier;
}
