import type { FastifyInstance } from 'fastify';
import type { Holidays } from '../casework/holidays.ts';
import type { Database } from '../db/database.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { createAlertService, type AlertService } from './alerts-service.ts';
import { createAlertStore } from './alerts-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Raises the due-date alerts that have fallen, as the timer does (tests call it). */
    sweepStaffAlerts: AlertService['sweep'];
  }
}

/** How often each instance looks for due-date events: well within the 15 minutes an alert may come after its moment. */
export const SWEEP_MS = 5 * 60_000;

/**
 * The staff alerts of this instance: the service the moves and filings call in their
 * transactions, and the due-date sweep, which starts with the server and stops with it.
 * Every instance sweeps; the events' keys make each alert once.
 */
export function setUpAlerts(
  app: FastifyInstance,
  { db, notifier, holidays, clock }: { db: Database; notifier: Notifier; holidays: () => Promise<Holidays>; clock: () => number },
): AlertService {
  const alerts = createAlertService({ store: createAlertStore(db), mail: notifier, holidays, clock });
  let stop: (() => Promise<void>) | undefined;
  app.decorate('sweepStaffAlerts', alerts.sweep);
  app.addHook('onReady', async () => void (stop = alerts.startSweeping(SWEEP_MS, app.log)));
  app.addHook('onClose', async () => stop?.());
  return alerts;
}
