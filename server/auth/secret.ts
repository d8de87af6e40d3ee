import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/**
 * The token-signing key: TOKEN_SECRET when set; otherwise one made on first start and
 * kept in the database, so every instance on the same database signs alike.
 */
export async function loadTokenSecret(db: Queryable, configured: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db.query(
    `INSERT INTO server_secret (name, value) VALUES ('token', $1) ON CONFLICT (name) DO NOTHING`,
    [randomBytes(32).toString('base64')],
  );
  const [row] = await db.query<{ value: string }>(`SELECT value FROM server_secret WHERE name = 'token'`);
  return Buffer.from(row.value, 'base64');
}
