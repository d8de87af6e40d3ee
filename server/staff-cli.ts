/**
 * `npm run staff -- --email a@b.c --password Secret123 --firstname Abebe --lastname Kebede
 * [--role officer|manager|ethics|archivist|admin] [--directorate ID] [--team ID]` adds a
 * staff user (or updates an existing one and resets the password) in the configured
 * database, the same one `npm start` uses. Without --role it is an ethics user, today's
 * accusation acceptor, as before issue 15.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { normaliseEmail } from './accounts/validation.ts';
import { checkPassword } from './auth/password-rule.ts';
import type { StaffRole } from './auth/tokens.ts';
import { UUID } from './contract/constants.ts';
import { createStaffAdminStore } from './administration/staff-users-store.ts';
import { createStaffStore } from './staff/store.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    firstname: { type: 'string', default: '' },
    middlename: { type: 'string', default: '' },
    lastname: { type: 'string', default: '' },
    role: { type: 'string', default: 'ethics' },
    directorate: { type: 'string' },
    team: { type: 'string' },
  },
});

// The words the CLI takes, and the roles they store (ethics keeps the acceptor's name).
const ROLES: Record<string, StaffRole> = {
  officer: 'officer', manager: 'manager', ethics: 'accusation_acceptor', accusation_acceptor: 'accusation_acceptor',
  archivist: 'archivist', admin: 'admin',
};
const role = ROLES[values.role!];
// Officers and managers work in a directorate: its queue is theirs. Only an officer is in a team.
const placementError = !role
  ? `unknown role ${values.role}`
  : (role === 'officer' || role === 'manager') !== Boolean(values.directorate)
    ? '--directorate is needed for an officer or a manager, and only for them'
    : values.team && role !== 'officer'
      ? '--team is only for an officer'
      : undefined;
if (!values.email || !values.password || placementError) {
  console.error('usage: npm run staff -- --email EMAIL --password PASSWORD [--firstname F] [--middlename M] [--lastname L]');
  console.error('         [--role officer|manager|ethics|archivist|admin] [--directorate ID] [--team ID]');
  if (placementError) console.error(placementError);
  process.exit(2);
}

/** Why --directorate or --team cannot be used, or undefined: a team must be one of its directorate's. */
async function checkPlacement(directorate: string | undefined, team: string | undefined): Promise<string | undefined> {
  if (!directorate) return undefined;
  for (const [option, id] of [['--directorate', directorate], ['--team', team]] as const) {
    if (id && !UUID.test(id)) return `${option} ${id} is not an id`;
  }
  const found = await createStaffAdminStore(db).placement(db, directorate, team ?? null);
  if (!found.directorate) return `--directorate ${directorate} is not an active directorate`;
  if (team && !found.team) return `--team ${team} is not an active team of directorate ${directorate}`;
  return undefined;
}

const config = readConfig();
const db = await openDatabase({ url: config.databaseUrl || path.join(config.dataDir, 'db') });
try {
  const email = normaliseEmail(values.email);
  checkPassword(values.password, email);
  await migrate(db);
  const placementRefusal = await checkPlacement(values.directorate, values.team);
  if (placementRefusal) {
    console.error(placementRefusal);
    process.exitCode = 2;
  } else {
    const id = await createStaffStore(db).upsertStaff({
      email,
      password_hash: await hash(values.password),
      firstname: values.firstname!,
      middlename: values.middlename!,
      lastname: values.lastname!,
      role,
      directorate_id: values.directorate ?? null,
      team_id: values.team ?? null,
    });
    console.log(`${role === 'accusation_acceptor' ? 'accusation acceptor' : role} ${email} is ready (id ${id})`);
  }
} catch (error) {
  console.error(error instanceof Error && 'messageKey' in error ? `refused: ${error.messageKey}` : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
