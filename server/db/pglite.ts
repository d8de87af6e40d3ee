import fs from 'node:fs';
import path from 'node:path';
import { parse, PGlite, protocol } from '@electric-sql/pglite';
import { lockDataFolder, type FolderLock } from './folder-lock.ts';
import type { Database, Queryable } from './types.ts';

const INT8 = 20;

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

export interface PgliteOptions {
  /** In-memory only: start from this copy of a data folder (see OpenOptions.startFrom). */
  startFrom?: Blob;
  /** A folder only: how long an unrefreshed lock this process cannot check blocks it (folder-lock.ts). */
  lockStaleMs?: number;
}

export async function openPglite(url: string, { startFrom, lockStaleMs }: PgliteOptions = {}): Promise<Database> {
  const inMemory = url === '' || url.startsWith('memory://');
  let lock: FolderLock | undefined;
  let dataDir: string | undefined;
  if (!inMemory) {
    dataDir = path.resolve(url.replace(/^file:\/\//, ''));
    fs.mkdirSync(dataDir, { recursive: true }); // PGlite does not create parents
    lock = lockDataFolder(dataDir, lockStaleMs);
    // The PID file an earlier version kept; its PID may now belong to anything.
    fs.rmSync(path.join(dataDir, 'portal.lock'), { force: true });
  }
  // Same types as the pg driver gives (pitfall 8): int8 as a JS number.
  const pg = new PGlite(inMemory ? undefined : path.join(dataDir!, 'pgdata'), {
    parsers: { [INT8]: (value: string) => Number(value) },
    ...(inMemory && startFrom ? { loadDataDir: startFrom } : {}),
  });
  await pg.waitReady.catch((error: unknown) => {
    lock?.release();
    throw error;
  });
  /**
   * Issue 23 (F7): the folder is checked to be still this process's before each call
   * (nothing is written into a folder another process holds) and after it (nothing written
   * meanwhile is acknowledged); a process that finds it taken exits there.
   */
  const held = async <Result,>(work: () => Promise<Result>) => {
    lock?.check();
    const result = await work();
    lock?.check();
    return result;
  };
  const query = async <Row,>(client: Pick<PGlite, 'query'>, sql: string, params?: unknown[]) =>
    (await client.query<Row>(sql, params)).rows;
  const named = namedStatements(pg);
  return {
    kind: 'pglite',
    query: <Row,>(sql: string, params?: unknown[]) =>
      held(async () => (await named<Row>(sql, params)) ?? query<Row>(pg, sql, params)),
    transaction: (work) =>
      held(() => pg.transaction((tx) => work({ query: (sql, params) => query(tx, sql, params) } as Queryable))),
    // In process: no connection to lose, nothing to report.
    logTo() {},
    dump: () => pg.dumpDataDir('none'),
    async close() {
      await pg.close();
      lock?.release();
    },
  };
}
