import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, Queryable } from './database.ts';

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

export async function openPostgres(url: string, schema?: string): Promise<Database> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const asQueryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: async (sql, params) => (await client.query(statement(sql, params))).rows,
  });
  return {
    kind: 'postgres',
    ...asQueryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(asQueryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (schema) await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
      await pool.end();
    },
  };
}
