import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Queryable } from '../../server/db/database.ts';
import { testDatabases, type TestDatabase } from '../helpers/databases.ts';
import { fillWithMigratedPglite, startTestServer, type TestServer } from '../helpers/server.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';

const databases = await testDatabases();
const ROOT = path.resolve(import.meta.dirname, '../..');
// A run on PGlite opens the folder and checks its migrations: seconds each on a busy machine.
const SLOW = { timeout: 180_000 };

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run staff` as an operator runs it: its own process, the password piped on standard input. */
function runCli(env: NodeJS.ProcessEnv, args: string[], stdin = ''): Promise<Run> {
  const child = spawn(process.execPath, ['server/staff-cli.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin.on('error', () => {}); // a run that refuses before reading its input closes it early
  child.stdin.end(stdin);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A refusal as the brief wants it: a non-zero exit and one line, never a stack trace. */
function expectOneLineRefusal(run: Run, words: string | RegExp) {
  expect(run.code, run.stderr).not.toBe(0);
  expect(run.code, run.stderr).not.toBeNull();
  expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1);
  expect(run.stderr).toMatch(words);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

/**
 * Where the command runs and how the test looks at what it stored. PGlite: the portal's
 * own folder, which one process holds at a time, so the test opens it (or serves it) after
 * a run and closes it before the next. PostgreSQL: beside a running server, in its schema.
 */
interface Place {
  env: NodeJS.ProcessEnv;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several looks at once: on PGlite the folder is opened once for them, not once each. */
  look<T>(work: (db: Queryable) => Promise<T>): Promise<T>;
  serve<T>(work: (server: TestServer) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function openPlace(database: TestDatabase): Promise<Place> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-cli-'));
  if (database.name === 'pglite') {
    // Migrated already, as after a first `npm start`: no run spends seconds on initdb.
    await fillWithMigratedPglite(path.join(dataDir, 'db'));
    const folder = path.join(dataDir, 'db');
    // Each look opens the folder (seconds of WebAssembly start) and closes it for the next run.
    const look = async <T,>(work: (db: Queryable) => Promise<T>) => {
      const db = await openDatabase({ url: folder });
      try {
        return await work(db);
      } finally {
        await db.close();
      }
    };
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      query: <T,>(sql: string, params?: unknown[]) => look((db) => db.query<T>(sql, params)),
      look,
      async serve(work) {
        const server = await startTestServer({ name: 'pglite', url: folder }, { dataDir });
        try {
          return await work(server);
        } finally {
          await server.close();
        }
      },
      close: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const server = await startTestServer(database);
  const url = new URL(database.url);
  url.searchParams.set('options', `-c search_path=${server.schema}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    query: (sql, params) => server.db.query(sql, params),
    look: (work) => work(server.db),
    serve: (work) => work(server),
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The command's rules are the same on both databases; what differs is how it opens them (the
 * PGlite folder one process at a time, PostgreSQL beside a running server). So every case runs
 * on PostgreSQL, and on PGlite the first (a run that changes, audits and ends sessions) and the
 * folder-in-use refusal: each PGlite run and look costs seconds of WebAssembly start.
 */
const onPostgres = databases.some((database) => database.name === 'postgres');

describe.each(databases)('npm run staff on $name', (database) => {
  const everyCase = it.runIf(database.name === 'postgres' || !onPostgres);
  let place: Place;
  let directorate: string;
  let team: { id: string; directorate_id: string };
  const staff = (...args: string[]) => ({ run: (password: string) => runCli(place.env, args, `${password}\n`) });
  // Read through `db` when the test has the database open already (a served portal, a look).
  const rowOf = (email: string, db: Queryable = place) =>
    db.query<Json>(
      `SELECT id, firstname, middlename, lastname, role, status, directorate_id, team_id, password_hash FROM staff_user WHERE email = $1`, [email],
    ).then((rows) => rows[0]);
  // The changes to a staff user (their sign-ins are in the log too).
  const auditOf = (id: string, db: Queryable = place) =>
    db.query<Json>(
      `SELECT actor_id, actor_role, action, subject_type, before, after FROM audit_entry
       WHERE subject_id = $1 AND action IN ('create_staff', 'save_staff', 'set_password') ORDER BY id`, [id],
    );
  const staffSignIn = (server: TestServer, email: string, password: string) =>
    fetch(`${server.url}/staff_api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });

  beforeAll(async () => {
    place = await openPlace(database);
    // Served once first: the demo's directorates and teams are seeded then.
    [team] = await place.serve((server) => server.db.query<{ id: string; directorate_id: string }>(
      `SELECT id, directorate_id FROM team WHERE status = 'active' ORDER BY created_at, id LIMIT 1`,
    ));
    directorate = team.directorate_id;
  }, 60_000);
  afterAll(() => place?.close());

  it('resets a password keeping the role, names and directorate, ends the sessions, and audits each change as the command line', SLOW, async () => {
    const email = 'cli-manager@portal.test';
    const created = await staff('--email', email, '--firstname', 'Mekdes', '--middlename', 'Haile', '--lastname', 'Wolde',
      '--role', 'manager', '--directorate', directorate).run('Blue-Harbour-Lantern-7');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain(`manager ${email} is ready`);
    const { before, token } = await place.serve(async (server) => {
      const stored = await rowOf(email, server.db);
      const signedIn = await expectOk(await staffSignIn(server, email, 'Blue-Harbour-Lantern-7'));
      return { before: stored, token: signedIn.token as string };
    });

    // The documented reset: the e-mail and a new password, nothing else.
    const reset = await staff('--email', email).run('Quiet-Meadow-Falcon-3');
    expect(reset.code, reset.stderr).toBe(0);
    const after = await place.serve(async (server) => {
      const stored = await rowOf(email, server.db);
      expect(stored).toEqual({ ...before, password_hash: expect.any(String) });
      expect(stored.password_hash).not.toBe(before.password_hash);
      expect(stored).toMatchObject({ firstname: 'Mekdes', middlename: 'Haile', lastname: 'Wolde', role: 'manager', directorate_id: directorate });
      await expectError(await fetch(`${server.url}/staff_api/cases`, { headers: { authorization: `Bearer ${token}` } }), 401, 'sessionInvalid');
      await expectError(await staffSignIn(server, email, 'Blue-Harbour-Lantern-7'), 401, 'loginFailed');
      await expectOk(await staffSignIn(server, email, 'Quiet-Meadow-Falcon-3'));
      return stored;
    });

    // A run that changes a field changes that field only.
    expect((await staff('--email', email, '--lastname', 'Tadesse').run('Quiet-Meadow-Falcon-4')).code).toBe(0);
    const [changed, audit, notices] = await place.look((db) => Promise.all([
      rowOf(email, db),
      auditOf(after.id, db),
      db.query(`SELECT notice, channel FROM notification_job WHERE staff_id = $1`, [after.id]),
    ]));
    expect(changed).toMatchObject({ firstname: 'Mekdes', middlename: 'Haile', lastname: 'Tadesse', role: 'manager', directorate_id: directorate });

    expect(audit.map((entry) => [entry.action, entry.actor_id, entry.actor_role, entry.subject_type])).toEqual([
      ['create_staff', null, 'command_line', 'staff'],
      ['set_password', null, 'command_line', 'staff'],
      ['set_password', null, 'command_line', 'staff'],
      ['save_staff', null, 'command_line', 'staff'],
      ['set_password', null, 'command_line', 'staff'],
    ]);
    expect(audit[0].after).toMatchObject({ role: 'manager', status: 'active', directorate_id: directorate, team_id: null });
    // The audit log keeps ids and codes, never the person's name or e-mail.
    expect(JSON.stringify(audit)).not.toMatch(/Mekdes|Haile|Wolde|Tadesse|cli-manager/);
    // Each password set is mailed to the person, as any change of it is (queued with the change).
    expect(notices).toEqual(Array(3).fill({ notice: 'staff_password_changed', channel: 'mail' }));
  });

  everyCase('never demotes or switches off the last active admin, and writes nothing when it refuses', SLOW, async () => {
    const email = 'cli-last-admin@portal.test';
    expect((await staff('--email', email, '--firstname', 'Hana', '--lastname', 'Girma', '--role', 'admin').run('Silver-Canyon-Otter-5')).code).toBe(0);
    const { id } = await rowOf(email);
    // Every other admin (the demo's) is switched off: this one is the last.
    await place.query(`UPDATE staff_user SET status = 'inactive' WHERE role = 'admin' AND id <> $1`, [id]);
    const entries = (await auditOf(id)).length;

    for (const change of [['--role', 'manager', '--directorate', directorate], ['--status', 'inactive']]) {
      const refused = await staff('--email', email, ...change).run('Silver-Canyon-Otter-6');
      expectOneLineRefusal(refused, 'The last active administrator cannot be deactivated or given another role.');
    }
    const row = await rowOf(email);
    expect(row).toMatchObject({ role: 'admin', status: 'active', directorate_id: null });
    expect(await auditOf(id)).toHaveLength(entries);
    // Refused whole: the password given with the refused change was not set either.
    await place.serve(async (server) => expectOk(await staffSignIn(server, email, 'Silver-Canyon-Otter-5')));

    // With a second active admin, the first may step down.
    expect((await staff('--email', 'cli-second-admin@portal.test', '--firstname', 'Abel', '--lastname', 'Fikadu', '--role', 'admin')
      .run('Silver-Canyon-Otter-7')).code).toBe(0);
    expect((await staff('--email', email, '--role', 'archivist').run('Silver-Canyon-Otter-8')).code).toBe(0);
    expect(await rowOf(email)).toMatchObject({ role: 'archivist', status: 'active' });
  });

  everyCase('refuses a password given as an argument, saying how to give it, and changes nothing', SLOW, async () => {
    const email = 'cli-argument@portal.test';
    for (const args of [['--password', 'Amber-Kettle-Sparrow-2'], ['--password=Amber-Kettle-Sparrow-2']]) {
      const refused = await runCli(place.env, ['--email', email, '--firstname', 'Selam', '--lastname', 'Bekele', ...args]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/--password is not accepted/);
      expect(refused.stderr).toMatch(/standard input/);
      expect(refused.stderr).not.toMatch(/\n\s+at /);
    }
    expect(await rowOf(email)).toBeUndefined();
  });

  everyCase('resets an admin\'s second factor with --reset-two-factor, asking no password, audited as the command line', SLOW, async () => {
    const email = 'cli-phone-lost@portal.test';
    const made = await staff('--email', email, '--firstname', 'Abel', '--lastname', 'Kassa', '--role', 'admin').run('Quiet-Meadow-Copper-4');
    expect(made.code, made.stderr).toBe(0);
    const { id } = await rowOf(email);
    await place.query(`INSERT INTO staff_two_factor (staff_id, sealed_secret, confirmed_at) VALUES ($1, 'v1.sealed-with-an-old-key', now())`, [id]);

    // Nothing on standard input: none is read.
    const reset = await runCli(place.env, ['--email', email, '--reset-two-factor']);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toContain(`${email} sets up two-step log-in again at their next log-in`);
    expect(await place.query('SELECT staff_id FROM staff_two_factor WHERE staff_id = $1', [id])).toEqual([]);
    expect(await place.query<Json>(`SELECT actor_id, actor_role FROM audit_entry WHERE subject_id = $1 AND action = 'reset_two_factor'`, [id]))
      .toEqual([{ actor_id: null, actor_role: 'command_line' }]);
    expectOneLineRefusal(await runCli(place.env, ['--email', 'nobody@portal.test', '--reset-two-factor']), /no staff user has the e-mail nobody@portal.test/);
  });

  everyCase('refuses a weak password, no password, or an unknown directorate in one line', SLOW, async () => {
    const email = 'cli-refused@portal.test';
    const named = ['--email', email, '--firstname', 'Selam', '--lastname', 'Bekele'];
    expectOneLineRefusal(await staff(...named).run('short1'), /password/i);
    expectOneLineRefusal(await runCli(place.env, named), /no password on standard input/);
    expectOneLineRefusal(await staff(...named, '--role', 'officer', '--directorate', randomUUID()).run('Amber-Kettle-Sparrow-2'),
      'The directorate was not found or is not active.');
    expectOneLineRefusal(await staff(...named, '--role', 'officer').run('Amber-Kettle-Sparrow-2'), 'An officer or a manager needs a directorate.');
    expectOneLineRefusal(await staff(...named, '--role', 'officer', '--directorate', 'nowhere').run('Amber-Kettle-Sparrow-2'),
      '--directorate nowhere is not an id');
    expectOneLineRefusal(await staff('--email', email).run('Amber-Kettle-Sparrow-2'), /--firstname and --lastname/);
    expect(await rowOf(email)).toBeUndefined();
  });

  everyCase('puts an officer in a team only of their directorate', SLOW, async () => {
    const [{ id: elsewhere }] = await place.query<{ id: string }>(
      `SELECT id FROM directorate WHERE id <> $1 AND status = 'active' ORDER BY id LIMIT 1`, [directorate],
    );
    const email = 'cli-team@portal.test';
    const officer = ['--email', email, '--firstname', 'Lulit', '--lastname', 'Desta', '--role', 'officer'];
    expectOneLineRefusal(await staff(...officer, '--directorate', elsewhere, '--team', team.id).run('Amber-Kettle-Sparrow-2'),
      'The team must be an active team of the chosen directorate.');
    const made = await staff(...officer, '--directorate', directorate, '--team', team.id).run('Amber-Kettle-Sparrow-2');
    expect(made.stdout).toContain(`officer ${email} is ready`);
    expect(await rowOf(email)).toMatchObject({ role: 'officer', directorate_id: directorate, team_id: team.id });
    // A reset keeps the team, as it keeps the directorate.
    expect((await staff('--email', email).run('Amber-Kettle-Sparrow-3')).code).toBe(0);
    expect(await rowOf(email)).toMatchObject({ role: 'officer', directorate_id: directorate, team_id: team.id });
  });

  it.runIf(database.name === 'pglite')('says in one line that the folder is in use while the portal runs on it', SLOW, async () => {
    const refused = await place.serve(() => staff('--email', 'cli-busy@portal.test', '--firstname', 'Ruth', '--lastname', 'Worku')
      .run('Amber-Kettle-Sparrow-2'));
    expectOneLineRefusal(refused, /in use|another process|locked/i);
  });
});
