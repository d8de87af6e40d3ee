import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';

/** What to tell an operator who starts on PostgreSQL without a key: how to make one. */
export const TOKEN_SECRET_MISSING =
  'TOKEN_SECRET must be set when DATABASE_URL is: make one with `openssl rand -base64 48` ' +
  '(or `node -e "console.log(crypto.randomBytes(48).toString(\'base64\'))"`) and give every instance the same value';

/**
 * The token-signing key. On PostgreSQL it is TOKEN_SECRET and nothing else: a key kept in
 * the database would travel with every `pg_dump`, and whoever holds a backup could sign an
 * admin's session. A key an earlier version kept there is deleted, so later backups do not
 * carry it. On the embedded default (one process, one folder) a key made on first start and
 * kept in the database stays allowed, so `npm start` needs no setting.
 */
export async function loadTokenSecret(db: Database, configured: string): Promise<Buffer> {
  if (db.kind === 'postgres') {
    if (!configured) throw new Error(TOKEN_SECRET_MISSING);
    await db.query(`DELETE FROM server_secret WHERE name = 'token'`);
    return Buffer.from(configured, 'utf8');
  }
  if (configured) return Buffer.from(configured, 'utf8');
  await db.query(
    `INSERT INTO server_secret (name, value) VALUES ('token', $1) ON CONFLICT (name) DO NOTHING`,
    [randomBytes(32).toString('base64')],
  );
  const [row] = await db.query<{ value: string }>(`SELECT value FROM server_secret WHERE name = 'token'`);
  return Buffer.from(row.value, 'base64');
}
