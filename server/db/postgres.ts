import pg from 'pg';
import type { Database, Queryable } from './database.ts';

// int8 (count(*), sequences) as a JS number, as PGlite gives it (TOOLCHAIN.md pitfall 8).
pg.types.setTypeParser(20, (value: string) => Number(value));

export async function openPostgres(url: string, schema?: string): Promise<Database> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const asQueryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
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
