import type { Database } from '../db/database.ts';
import { pendingMigrations } from '../db/migrate.ts';
import type { ReadinessCheck } from './readiness.ts';

/** Ready when the database answers and has every migration this code was built for. */
export function databaseReadiness(db: Database): ReadinessCheck {
  return {
    name: 'database',
    async check() {
      let pending: string[];
      try {
        pending = await pendingMigrations(db);
      } catch {
        // The driver's message may name the host or user; the reason stays plain.
        return 'database unreachable';
      }
      // How many, not which: /readyz answers anyone (`npm run db:migrate` applies and lists them).
      return pending.length ? `${pending.length} migration(s) not applied` : undefined;
    },
  };
}
