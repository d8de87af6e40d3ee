/**
 * `npm run db:migrate` / `npm run db:seed`: the same steps the server takes at start.
 * It lives beside start.ts, not in server/db: seeding needs features, and server/db knows none.
 */
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { DataFolderInUseError } from './db/folder-lock.ts';
import { databaseOptions, migrateConfigured, seedDemo } from './start.ts';

const command = process.argv[2];
const config = readConfig();
const db = await openDatabase(databaseOptions(config)).catch((error: unknown) => {
  // The portal (or another command) has the PGlite folder: say so in its one line, no stack.
  if (!(error instanceof DataFolderInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
try {
  const applied = await migrateConfigured(db, config);
  console.log(applied.length ? `applied ${applied.join(', ')}` : 'database schema is up to date');
  if (command === 'seed') {
    const added = await seedDemo(db, config);
    console.log(added ? 'demo data added' : 'database already has data; seed skipped');
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await db.close();
}
