import path from 'node:path';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoData } from './seed/seed.ts';
import { fileStorageFor } from './files/storage.ts';

/** The demo data, numbered with this configuration's prefixes, its PDFs where this configuration keeps files. */
export function seedDemo(db: Database, config: Config): Promise<boolean> {
  return seedDemoData(db, {
    storage: fileStorageFor(db, config.dataDir),
    caseNumberPrefix: config.caseNumberPrefix,
    accusationReferencePrefix: config.accusationReferencePrefix,
  });
}

/** The configured database: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR/db. */
export const databaseOptions = (config: Config) => ({
  url: config.databaseUrl || path.join(config.dataDir, 'db'),
  lockStaleMs: config.dataLockStaleMs,
});

/** Opens the configured database (PGlite in DATA_DIR unless DATABASE_URL is set) and migrates it. */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  const db = await openDatabase(databaseOptions(config));
  try {
    await migrate(db);
    if (config.seedDemoData) await seedDemo(db, config);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
