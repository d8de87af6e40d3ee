import fs from 'node:fs';
import path from 'node:path';
import { parse, PGlite, protocol } from '@electric-sql/pglite';
import lockfile from 'proper-lockfile';
import type { Database, Queryable } from './types.ts';

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

// The statements worth keeping a plan for: reads and writes, whose texts never carry values.
const DATA_STATEMENT = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;
/** A bound on the plans kept, should some caller ever build texts with values in them. */
const MAX_PREPARED = 500;

const joined = (parts: Uint8Array[]) => {
  const bytes = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
};

/**
 * Issue 13: PGlite's query() plans every statement anew (it parses into the unnamed
 * statement) and makes six calls into Postgres for it. As the PostgreSQL driver does
 * (postgres.ts), a statement outside a transaction is parsed once as a named statement,
 * its plan kept, and each run is one call: bind, describe, execute, sync. A page of ten
 * went from 1.1 to 0.35 ms. It waits for the same locks as query(), so it never runs
 * inside another caller's transaction.
 */
function namedStatements(pg: PGlite) {
  const { serialize } = protocol;
  const prepared = new Map<string, { name: string; types: number[] }>();

  async function prepare(sql: string) {
    const name = `portal_${prepared.size}`;
    const { messages } = await pg.execProtocol(
      joined([serialize.parse({ name, text: sql, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, types: parse.parseDescribeStatementResults(messages) };
    prepared.set(sql, statement);
    return statement;
  }

  return async <Row,>(sql: string, params: unknown[] = []): Promise<Row[] | undefined> => {
    if (!DATA_STATEMENT.test(sql) || (prepared.size >= MAX_PREPARED && !prepared.has(sql))) return undefined;
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const { name, types } = prepared.get(sql) ?? (await prepare(sql));
        // Values as query() sends them: by the parameter's type, else as text.
        const values = params.map((value, i) =>
          value === null || value === undefined ? null : (pg.serializers[types[i]]?.(value) ?? String(value)),
        );
        const { messages } = await pg.execProtocol(
          joined([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
        );
        return parse.parseResults(messages, pg.parsers)[0].rows as Row[];
      }),
    );
  };
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
  const named = namedStatements(pg);
  return {
    kind: 'pglite',
    query: async <Row,>(sql: string, params?: unknown[]) => (await named<Row>(sql, params)) ?? query<Row>(pg, sql, params),
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
