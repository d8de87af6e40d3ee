/**
 * `npm run db:migrate` / `npm run db:seed`: the same steps the server takes at start.
 * It lives beside start.ts, not in server/db: seeding needs features, and server/db knows none.
 */
import path from 'node:path';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './start.ts';

const command = process.argv[2];
const config = readConfig();
const db = await openDatabase({ url: config.databaseUrl || path.join(config.dataDir, 'db') });
try {
  const applied = await migrate(db);
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
