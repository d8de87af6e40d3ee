import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import lockfile from 'proper-lockfile';
import type { Database, Queryable } from './database.ts';

const INT8 = 20;

/** How long a lock whose holder stopped updating it blocks a new start. */
const LOCK_STALE_MS = 20_000;

/**
 * PGlite keeps no lock on its folder: two processes on one folder both start and
 * silently lose rows (TOOLCHAIN.md pitfall 7). The lock is a directory whose mtime the
 * holder refreshes; one left by a process that died goes stale and is taken over. A PID
 * file could not tell a dead holder from an unrelated process that got its PID later.
 */
async function lockFolder(dir: string): Promise<() => Promise<void>> {
  try {
    const release = await lockfile.lock(dir, {
      lockfilePath: path.join(dir, 'folder.lock'),
      stale: LOCK_STALE_MS,
      // Another process took the folder over (this one stalled past the stale time):
      // writing on would lose rows, so stop rather than go on.
      onCompromised: (error) => {
        console.error(`The data folder ${dir} was taken over by another process (${error.message}); stopping.`);
        process.exit(1);
      },
    });
    // The PID file an earlier version kept; its PID may now belong to anything.
    fs.rmSync(path.join(dir, 'portal.lock'), { force: true });
    return release;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new Error(
      `The data folder ${dir} is in use by another portal process. Stop it or set DATA_DIR to another folder ` +
        `(a lock left by a stopped process frees itself within ${LOCK_STALE_MS / 1000} s).`,
      { cause: error },
    );
  }
}

export async function openPglite(url: string, startFrom?: Blob): Promise<Database> {
  const inMemory = url === '' || url.startsWith('memory://');
  let unlock = async () => {};
  let dataDir: string | undefined;
  if (!inMemory) {
    dataDir = path.resolve(url.replace(/^file:\/\//, ''));
    fs.mkdirSync(dataDir, { recursive: true }); // PGlite does not create parents
    unlock = await lockFolder(dataDir);
  }
  // Same types as the pg driver gives (pitfall 8): int8 as a JS number.
  const pg = new PGlite(inMemory ? undefined : path.join(dataDir!, 'pgdata'), {
    parsers: { [INT8]: (value: string) => Number(value) },
    ...(inMemory && startFrom ? { loadDataDir: startFrom } : {}),
  });
  await pg.waitReady.catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  const query = async <Row,>(client: Pick<PGlite, 'query'>, sql: string, params?: unknown[]) =>
    (await client.query<Row>(sql, params)).rows;
  return {
    kind: 'pglite',
    query: (sql, params) => query(pg, sql, params),
    transaction: (work) =>
      pg.transaction((tx) => work({ query: (sql, params) => query(tx, sql, params) } as Queryable)),
    // In process: no connection to lose, nothing to report.
    logTo() {},
    dump: () => pg.dumpDataDir('none'),
    async close() {
      await pg.close();
      await unlock();
    },
  };
}
