/**
 * `npm run staff -- --email a@b.c [--firstname F --middlename M --lastname L]
 * [--role officer|manager|ethics|archivist|admin] [--status active|inactive] [--directorate ID] [--team ID]`
 * adds a staff user, or changes an existing one, and sets their password, in the configured
 * database (the one `npm start` uses). The password is asked on the terminal, or read as the
 * first line of standard input; never from an argument. On an existing person, what is not
 * given stays as it is; someone new is an ethics user (today's accusation acceptor) unless
 * --role says otherwise. The admin's rules apply (the last active admin stays one), and
 * every change is in the audit log as done from the command line.
 * `--email … --reset-two-factor` only forgets an admin's second factor (a lost phone, or a
 * rotated TOKEN_SECRET): they set up a new one at their next log-in.
 */
import { parseArgs } from 'node:util';
import { readConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { databaseOptions, migrateConfigured } from './start.ts';
import type { StaffRole } from './auth/tokens.ts';
import { UUID } from './contract/constants.ts';
import { ApiError } from './errors/api-error.ts';
import { serverMessages } from './errors/messages.ts';
import { createStaffAdminStore } from './administration/staff-users-store.ts';
import { COMMAND_LINE, saveStaffFromCommandLine, type CommandLineStaff } from './administration/staff-users-service.ts';
import { resetSecondFactor } from './staff/two-factor-reset.ts';
import { queuePasswordNotice } from './notifications/password-notices.ts';
import { PasswordInputError, readPassword } from './password-input.ts';

const USAGE = `usage: npm run staff -- --email EMAIL [--firstname F] [--middlename M] [--lastname L]
         [--role officer|manager|ethics|archivist|admin] [--status active|inactive] [--directorate ID] [--team ID]
       npm run staff -- --email EMAIL --reset-two-factor     (an admin enrols a new phone at their next log-in)
       the password is asked (not shown), or read from standard input:`;
const PIPED = `printf '%s\\n' "$PASSWORD" | npm run staff -- --email EMAIL …`;

/** A refusal of what was typed: said in one line (and the usage, when the form is wrong), exit 2, nothing changed. */
class Refusal extends Error {
  readonly showUsage: boolean;
  constructor(message: string, showUsage = true) {
    super(message);
    this.showUsage = showUsage;
  }
}

// The words the command takes, and the roles they store (ethics keeps the acceptor's name).
const ROLES: Record<string, StaffRole> = {
  officer: 'officer', manager: 'manager', ethics: 'accusation_acceptor', accusation_acceptor: 'accusation_acceptor',
  archivist: 'archivist', admin: 'admin',
};
const STATUSES = ['active', 'inactive'] as const;

/** What the arguments ask for, checked for form only: the service checks the rest against the database. */
function requested(args: string[]): Omit<CommandLineStaff, 'password'> & { resetTwoFactor: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        // Taken only to refuse it with the way that works.
        password: { type: 'string' },
        firstname: { type: 'string' },
        middlename: { type: 'string' },
        lastname: { type: 'string' },
        role: { type: 'string' },
        status: { type: 'string' },
        directorate: { type: 'string' },
        team: { type: 'string' },
        'reset-two-factor': { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new Refusal((error as Error).message);
  }
  if (values.password !== undefined) {
    throw new Refusal(`--password is not accepted (every local user sees it in ps, and the shell keeps it): run without it and type it when asked, or give it on standard input: ${PIPED}`, false);
  }
  if (!values.email) throw new Refusal('--email is needed');
  const role = values.role === undefined ? undefined : ROLES[values.role];
  if (values.role !== undefined && !role) throw new Refusal(`unknown role ${values.role}`, false);
  const status = STATUSES.find((word) => word === values.status);
  if (values.status !== undefined && !status) throw new Refusal(`--status is active or inactive, not ${values.status}`, false);
  for (const [option, id] of [['--directorate', values.directorate], ['--team', values.team]] as const) {
    if (id !== undefined && !UUID.test(id)) throw new Refusal(`${option} ${id} is not an id`, false);
  }
  return {
    email: values.email, firstname: values.firstname, middlename: values.middlename, lastname: values.lastname,
    role, status, directorate_id: values.directorate, team_id: values.team,
    resetTwoFactor: values['reset-two-factor'] === true,
  };
}

/** The one line an operator reads for a refusal of the admin's rules. */
function ruleBroken(error: ApiError): string {
  // A name can be missing only because the person is new (or was stored without one): say which options give it.
  if (error.messageKey === 'fieldRequired') return 'refused: --firstname and --lastname are needed: a staff user has both';
  return `refused: ${serverMessages[error.messageKey].en}`;
}

/** Opens the configured database as the server does (migrated), runs `work`, closes it. */
async function withDatabase(work: (db: Database) => Promise<void>) {
  const config = readConfig();
  const db = await openDatabase(databaseOptions(config));
  try {
    await migrateConfigured(db, config);
    await work(db);
  } finally {
    await db.close();
  }
}

try {
  const { resetTwoFactor, ...staff } = requested(process.argv.slice(2));
  if (resetTwoFactor) {
    // Only that: no password is asked.
    await withDatabase(async (db) => {
      const found = await resetSecondFactor(db, staff.email, COMMAND_LINE, new Date());
      if (!found) throw new Refusal(`refused: no staff user has the e-mail ${staff.email}`, false);
      console.log(`${staff.email} sets up two-step log-in again at their next log-in (id ${found.id})`);
    });
  } else {
    const password = await readPassword(staff.email, PIPED);
    await withDatabase(async (db) => {
      const { staff: saved, created } = await saveStaffFromCommandLine(
        // The notice is queued here and mailed by whichever portal instance drains the queue.
        { store: createStaffAdminStore(db), passwordChanged: queuePasswordNotice },
        { ...staff, password },
        new Date(),
      );
      const role = saved.role === 'accusation_acceptor' ? 'accusation acceptor' : saved.role;
      const inactive = saved.status === 'inactive' ? ', inactive: cannot sign in' : '';
      console.log(`${role} ${saved.email} is ready (id ${saved.id}, ${created ? 'added' : 'password reset'}${inactive})`);
    });
  }
} catch (error) {
  // One line, no stack trace: each of these is the operator's to act on, not a fault of the code.
  if (error instanceof Refusal) {
    console.error(error.message);
    if (error.showUsage) console.error(USAGE, PIPED);
    process.exitCode = 2;
  } else if (error instanceof ApiError || error instanceof PasswordInputError) {
    console.error(error instanceof ApiError ? ruleBroken(error) : error.message);
    process.exitCode = 2;
  } else {
    // The database: a folder another process holds, a server that does not answer.
    const { message, code } = error as NodeJS.ErrnoException;
    console.error(message?.split('\n')[0] || code || String(error));
    process.exitCode = 1;
  }
}
