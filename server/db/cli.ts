/** `npm run db:migrate` / `npm run db:seed`: the same steps the server takes at start. */
import path from 'node:path';
import { readConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';
import { seedDemoData } from '../seed/seed.ts';
import { dataDirStorage } from '../files/storage.ts';

const command = process.argv[2];
const config = readConfig();
const db = await openDatabase({ url: config.databaseUrl || path.join(config.dataDir, 'db') });
try {
  const applied = await migrate(db);
  console.log(applied.length ? `applied ${applied.join(', ')}` : 'database schema is up to date');
  if (command === 'seed') {
    const added = await seedDemoData(db, { storage: dataDirStorage(config.dataDir), caseNumberPrefix: config.caseNumberPrefix });
    console.log(added ? 'demo data added' : 'database already has data; seed skipped');
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await db.close();
}
