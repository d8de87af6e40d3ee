/**
 * `npm run staff -- --email a@b.c --password Secret123 --firstname Abebe --lastname Kebede`
 * adds an accusation acceptor (or resets an existing one's password) in the configured
 * database, the same one `npm start` uses.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { checkPassword, normaliseEmail } from '../accounts/validation.ts';
import { createStaffStore } from './store.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    firstname: { type: 'string', default: '' },
    middlename: { type: 'string', default: '' },
    lastname: { type: 'string', default: '' },
    role: { type: 'string', default: 'accusation_acceptor' },
  },
});

if (!values.email || !values.password || values.role !== 'accusation_acceptor') {
  console.error('usage: npm run staff -- --email EMAIL --password PASSWORD [--firstname F] [--middlename M] [--lastname L]');
  console.error('(the only staff role with a login today is accusation_acceptor)');
  process.exit(2);
}

const config = readConfig();
const db = await openDatabase({ url: config.databaseUrl || path.join(config.dataDir, 'db') });
try {
  const email = normaliseEmail(values.email);
  checkPassword(values.password);
  await migrate(db);
  const id = await createStaffStore(db).upsertStaff({
    email,
    password_hash: await hash(values.password),
    firstname: values.firstname!,
    middlename: values.middlename!,
    lastname: values.lastname!,
    role: 'accusation_acceptor',
  });
  console.log(`accusation acceptor ${email} is ready (id ${id})`);
} catch (error) {
  console.error(error instanceof Error && 'messageKey' in error ? `refused: ${error.messageKey}` : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
