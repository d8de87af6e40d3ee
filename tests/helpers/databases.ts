import pg from 'pg';
import { isCi } from './ci.ts';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  url: string;
}

/** The PostgreSQL the API tests run on (not a relay or a scratch database a test makes). */
export const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * API tests run on the embedded PGlite always, and on PostgreSQL too when one answers
 * (DATABASE_URL or the local `test` database). On a laptop a missing PostgreSQL only warns;
 * in CI (`CI=true`) it fails the run, so a green CI always means both drivers were proven.
 */
export async function testDatabases(): Promise<TestDatabase[]> {
  const databases: TestDatabase[] = [{ name: 'pglite', url: 'memory://' }];
  if (await postgresAnswers(POSTGRES_URL)) databases.push({ name: 'postgres', url: POSTGRES_URL });
  else if (isCi()) throw new Error(`PostgreSQL did not answer at ${POSTGRES_URL}; CI runs every API test on it too (set DATABASE_URL).`);
  else console.warn(`\n!!! PostgreSQL did not answer at ${POSTGRES_URL}: API tests ran on PGlite only.\n`);
  return databases;
}

/** PostgreSQL's superuser on its maintenance database: for what a test does as the server's administrator (roles). */
export const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement as that administrator. */
export async function asPostgresAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
