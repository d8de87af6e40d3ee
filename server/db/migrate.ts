import fs from 'node:fs';
import path from 'node:path';
import type { Database, Queryable } from './database.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
// Any constant shared by every instance: two servers starting at once migrate one at a time.
const MIGRATION_LOCK = 7_401_202;

/**
 * Runs the numbered SQL files not yet recorded, in order, each in its own
 * transaction. A failure throws, so the start stops with a non-zero exit.
 */
const migrationFiles = () => fs.readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();

export async function migrate(db: Database): Promise<string[]> {
  const files = migrationFiles();
  // Under the lock too: two first starts creating the table at once collide in the catalog.
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migration (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  const applied: string[] = [];
  for (const file of files) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await tx.query('SELECT 1 FROM schema_migration WHERE name = $1', [file]);
      if (done.length > 0) return false;
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      // One statement at a time: the pg driver's extended protocol takes only one.
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migration (name) VALUES ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}

/** The migrations this code expects that the database has not recorded (another version migrated it, or none yet). */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const applied = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migration')).map((row) => row.name),
  );
  return migrationFiles().filter((file) => !applied.has(file));
}

/** Splits on semicolons at line ends; our migrations keep to that form (no function bodies). Tests replay a migration with it. */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
