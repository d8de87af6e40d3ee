import { createHash } from 'node:crypto';
import pg from 'pg';
import { consoleLog, type Database, type DatabaseLog } from './types.ts';
import { isConnectionLost } from './connection-lost.ts';

// int8 (count(*), sequences) as a JS number, as PGlite gives it (TOOLCHAIN.md pitfall 8).
pg.types.setTypeParser(20, (value: string) => Number(value));

const DATA_STATEMENT = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;

/**
 * Reads and writes go as named prepared statements, named by their text: each
 * connection plans a statement once and reuses the plan (a case read builds a lot of
 * JSON, and planning it every time cost more than running it). Our statement texts
 * never carry values, so their number stays small.
 */
function statement(sql: string, params?: unknown[]): pg.QueryConfig {
  if (!DATA_STATEMENT.test(sql)) return { text: sql, values: params };
  return { name: `q${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`, text: sql, values: params };
}

/** Shown in pg_stat_activity, so an operator (or a test) can tell the portal's connections apart. */
export const APPLICATION_NAME = 'housing-portal';

// A statement that only reads: SELECT, or WITH … whose parts write nothing.
const READ_STATEMENT = /^\s*(SELECT\b|WITH\b(?![\s\S]*\b(INSERT|UPDATE|DELETE)\b))/i;
/** Before the one retry of a read: a restarting server refuses connections for a moment. */
const READ_RETRY_DELAY_MS = 300;

export async function openPostgres(url: string, schema?: string, keepSchema = false): Promise<Database> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    application_name: APPLICATION_NAME,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  let log: DatabaseLog = consoleLog;
  // An idle connection the server closed: without a listener this 'error' event would
  // end the process (TOOLCHAIN.md pitfall 16). The pool has already dropped the client
  // and opens a new one on the next query.
  pool.on('error', (error) => log.warn({ err: error }, 'PostgreSQL closed an idle connection; the pool replaces it'));
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const run = async (client: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]) =>
    (await client.query(statement(sql, params))).rows;
  return {
    kind: 'postgres',
    async query(sql, params) {
      try {
        return await run(pool, sql, params);
      } catch (error) {
        // A read is safe to send again, once, on a fresh connection; a write is not
        // (it may have committed before the connection went).
        if (!READ_STATEMENT.test(sql) || !isConnectionLost(error)) throw error;
        log.warn({ err: error }, 'PostgreSQL connection lost during a read; trying once more');
        await new Promise((resolve) => setTimeout(resolve, READ_RETRY_DELAY_MS));
        return run(pool, sql, params);
      }
    },
    async transaction(work) {
      const client = await pool.connect();
      // A checked-out connection that drops between statements also emits 'error';
      // the statement that runs next fails with it, and the client is not given back.
      let lost: Error | undefined;
      const onLost = (error: Error) => {
        lost = error;
        log.warn({ err: error }, 'PostgreSQL connection lost during a transaction');
      };
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await work({ query: (sql, params) => run(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (!lost) await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.removeListener('error', onLost);
        // Passing the error makes the pool close this client instead of reusing it.
        client.release(lost);
      }
    },
    logTo(logger) {
      log = logger;
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      if (schema && !keepSchema) await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
      await pool.end();
    },
  };
}
