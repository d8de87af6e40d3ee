import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import type { FileStorage } from '../files/storage.ts';
import { createRetention, type Retention } from './retention.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Anonymises what has been kept past its period, as the timer does (tests call it). */
    sweepRetention: Retention['sweep'];
  }
}

/** Every instance looks once an hour: a period is years long, a record an hour late changes nothing. */
export const RETENTION_SWEEP_MS = 60 * 60_000;

/** Issue 28's retention on this instance: its sweep starts with the server and stops with it. */
export function setUpRetention(
  app: FastifyInstance,
  dependencies: { db: Database; storage: FileStorage; clock: () => number; retention: { caseYears: number; accusationMonths: number } },
): Retention {
  const retention = createRetention(dependencies);
  let stop: (() => Promise<void>) | undefined;
  app.decorate('sweepRetention', retention.sweep);
  app.addHook('onReady', async () => void (stop = retention.startSweeping(RETENTION_SWEEP_MS, app.log)));
  app.addHook('onClose', async () => stop?.());
  return retention;
}
