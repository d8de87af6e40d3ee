import path from 'node:path';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { connectionRole, grantRuntimeRole } from './db/runtime-role.ts';
import { seedDemoData } from './seed/seed.ts';
import { fileStorageFor } from './files/storage.ts';
import { loadTokenSecret } from './auth/secret.ts';
import { twoFactorKey } from './staff/two-factor.ts';

/** The demo data, numbered with this configuration's prefixes, its PDFs where this configuration keeps files. */
export async function seedDemo(db: Database, config: Config): Promise<boolean> {
  return seedDemoData(db, {
    storage: fileStorageFor(db, config.dataDir),
    caseNumberPrefix: config.caseNumberPrefix,
    accusationReferencePrefix: config.accusationReferencePrefix,
    // The key the app will seal with: the demo admin's published second factor opens with it.
    twoFactorKey: twoFactorKey(await loadTokenSecret(db, config.tokenSecret)),
  });
}

/** The configured database: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR/db. */
export const databaseOptions = (config: Config) => ({
  url: config.databaseUrl || path.join(config.dataDir, 'db'),
  lockStaleMs: config.dataLockStaleMs,
});

/**
 * Migrates as the configured owner: with DATABASE_OWNER_URL on PostgreSQL, that role runs
 * the migrations and grants the runtime role (DATABASE_URL's) what it may do
 * (server/db/runtime-role.ts); otherwise the runtime role migrates, as a single-role
 * install always has. PGlite has one role: nothing to separate.
 */
export async function migrateConfigured(db: Database, config: Config): Promise<string[]> {
  if (db.kind !== 'postgres' || !config.databaseOwnerUrl) return migrate(db);
  const owner = await openDatabase({ url: config.databaseOwnerUrl });
  try {
    const applied = await migrate(owner);
    const runtime = await connectionRole(db);
    // One role named twice: revoking from it would take the owner's own rights away.
    if (runtime.role !== (await connectionRole(owner)).role) await grantRuntimeRole(owner, runtime.role, runtime.schema);
    return applied;
  } finally {
    await owner.close();
  }
}

/** Opens the configured database (PGlite in DATA_DIR unless DATABASE_URL is set) and migrates it. */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  const db = await openDatabase(databaseOptions(config));
  try {
    await migrateConfigured(db, config);
    if (config.seedDemoData) await seedDemo(db, config);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
