import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { SWEEP_MS } from '../staff/alerts-setup.ts';
import { createInformationRequestStore } from './information-request-store.ts';
import { createInformationRequests, type InformationRequests } from './information-requests.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Raises the reminders and unanswered alerts of requests for information that have fallen, as the timer does (tests call it). */
    sweepInformationRequests: InformationRequests['sweep'];
  }
}

type Options = Omit<Parameters<typeof createInformationRequests>[0], 'store'> & { db: Database };

/**
 * Issue 25's requests for information on this instance: the service the routes call, and its
 * sweep of reminders and unanswered alerts, which starts with the server and stops with it.
 * Every instance sweeps, as often as the due-date alerts; each request's row makes each once.
 */
export function setUpInformationRequests(app: FastifyInstance, { db, ...dependencies }: Options): InformationRequests {
  const service = createInformationRequests({ store: createInformationRequestStore(db), ...dependencies });
  let stop: (() => Promise<void>) | undefined;
  app.decorate('sweepInformationRequests', service.sweep);
  app.addHook('onReady', async () => void (stop = service.startSweeping(SWEEP_MS, app.log)));
  app.addHook('onClose', async () => stop?.());
  return service;
}
