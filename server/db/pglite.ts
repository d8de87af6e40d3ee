import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';

const INT8 = 20;

/**
 * PGlite keeps no lock on its folder: two processes on one folder both start and
 * silently lose rows (TOOLCHAIN.md pitfall 7). Hold a pid lock file and refuse a
 * second start with a clear message; a lock left by a dead process is taken over.
 */
function lockFolder(dir: string): () => void {
  const lockFile = path.join(dir, 'portal.lock');
  const take = () => fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  try {
    take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(fs.readFileSync(lockFile, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(`The data folder ${dir} is in use by process ${holder}. Stop it or set DATA_DIR to another folder.`);
    }
    fs.rmSync(lockFile, { force: true });
    take();
  }
  return () => fs.rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openPglite(url: string): Promise<Database> {
  const inMemory = url === '' || url.startsWith('memory://');
  let unlock = () => {};
  let dataDir: string | undefined;
  if (!inMemory) {
    dataDir = path.resolve(url.replace(/^file:\/\//, ''));
    fs.mkdirSync(dataDir, { recursive: true }); // PGlite does not create parents
    unlock = lockFolder(dataDir);
  }
  // Same types as the pg driver gives (pitfall 8): int8 as a JS number.
  const pg = new PGlite(inMemory ? undefined : path.join(dataDir!, 'pgdata'), {
    parsers: { [INT8]: (value: string) => Number(value) },
  });
  await pg.waitReady;
  const query = async <Row,>(client: Pick<PGlite, 'query'>, sql: string, params?: unknown[]) =>
    (await client.query<Row>(sql, params)).rows;
  return {
    kind: 'pglite',
    query: (sql, params) => query(pg, sql, params),
    transaction: (work) =>
      pg.transaction((tx) => work({ query: (sql, params) => query(tx, sql, params) } as Queryable)),
    async close() {
      await pg.close();
      unlock();
    },
  };
}
