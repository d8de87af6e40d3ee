/**
 * Opens the embedded PGlite or a PostgreSQL server, loading only the driver asked for. The
 * drivers take what they share from types.ts, never from here, so no import goes in a circle.
 */
import type { Database } from './types.ts';

export type { AlsoInTransaction, Database, DatabaseLog, Queryable } from './types.ts';

export interface OpenOptions {
  /** postgres://… for a server; otherwise a PGlite data folder or "memory://". */
  url: string;
  /** PostgreSQL only: the schema to work in (tests use one each, then drop it). */
  schema?: string;
  /** PostgreSQL only: leave the schema when closing (another connection pool still works in it). */
  keepSchema?: boolean;
  /**
   * In-memory PGlite only: start from this copy of a data folder (PGlite's dumpDataDir)
   * instead of creating one; creating costs ~2 s, loading ~0.3 s (tests start hundreds).
   */
  startFrom?: Blob;
  /**
   * PGlite folder only: how long a lock whose holder this process cannot check (another
   * machine or container, an earlier version) must go unrefreshed before it is taken
   * (DATA_LOCK_STALE_MS; server/db/folder-lock.ts).
   */
  lockStaleMs?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(options.url)) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.url, options.schema, options.keepSchema);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(options.url, options);
}
