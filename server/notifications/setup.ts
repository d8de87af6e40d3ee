import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createJobStore } from './job-store.ts';
import { createNotifier, type Notifier } from './notifier.ts';
import { smsProviderFor } from './sms.ts';
import type { RatingLinks } from '../ratings/rating-links.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the customers' notices that are due now, as the timer does (tests call it). */
    drainNotifications: Notifier['drain'];
  }
}

/**
 * The notices of this instance: the drain starts with the server (every NOTIFY_POLL_MS)
 * and stops with it, waiting for a send under way. The returned notifier's `queueFor` is
 * the casework store's afterMove hook.
 */
export function setUpNotifications(
  app: FastifyInstance,
  { db, mailer, config, clock, ratingLinks }: { db: Database; mailer: Mailer; config: Config; clock: () => number; ratingLinks: RatingLinks },
): Notifier {
  const notifier = createNotifier({
    store: createJobStore(db),
    mailer,
    sms: smsProviderFor(config.smsProvider, config.dataDir, app.log),
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
