import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffStore } from '../../server/staff/store.ts';
import { testDatabases } from '../helpers/databases.ts';
import { fillWithMigratedPglite, startTestServer, type TestServer } from '../helpers/server.ts';
import { expectError, expectOk } from '../helpers/expect-api.ts';

const databases = await testDatabases();
const ROOT = path.resolve(import.meta.dirname, '../..');

const signIn = (server: TestServer, email: string, password: string) =>
  fetch(`${server.url}/accusation_acceptor_user_api/login_accusation_acceptor`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
const accusations = (server: TestServer, token: string) =>
  fetch(`${server.url}/accusation_acceptor_api/get_accusations`, { headers: { authorization: `Bearer ${token}` } });
const tokenOf = async (response: Response) => (await expectOk(response)).token as string;

/** What `npm run staff` writes, as the CLI writes it (server/staff-cli.ts). */
const staffFields = async (email: string, password: string) => ({
  email, password_hash: await hash(password), firstname: 'Selam', middlename: '', lastname: 'Bekele', role: 'accusation_acceptor' as const,
});

describe.each(databases)('staff password reset on $name', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server?.close());

  it('ends the sessions issued before it, not those after', async () => {
    const email = `acceptor-${Date.now()}@portal.test`;
    const store = createStaffStore(server.db);
    await store.upsertStaff(await staffFields(email, 'Before1234'));
    const before = await tokenOf(await signIn(server, email, 'Before1234'));
    expect((await accusations(server, before)).status).toBe(200);

    // A later millisecond than the token's: "before" is exact to the millisecond.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.upsertStaff(await staffFields(email, 'After12345'));

    await expectError(await accusations(server, before), 401, 'sessionInvalid');
    await expectError(await signIn(server, email, 'Before1234'), 401, 'loginFailed');
    const after = await tokenOf(await signIn(server, email, 'After12345'));
    expect((await accusations(server, after)).status).toBe(200);
  });
});

describe('npm run staff', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-cli-'));
  // The embedded database the CLI finds there is created and migrated already (as after a first
  // `npm start`): the first run does not spend seconds on initdb and the migrations.
  beforeAll(() => fillWithMigratedPglite(path.join(dataDir, 'db')));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const runCli = (email: string, password: string, ...more: string[]) =>
    promisify(execFile)(process.execPath, ['server/staff-cli.ts', '--email', email, '--password', password, ...more], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
  // One process at a time on a PGlite folder: the server is stopped while the CLI runs.
  const serveFolder = () => startTestServer({ name: 'pglite', url: path.join(dataDir, 'db') }, { dataDir });

  it('resetting a password ends that acceptor’s sessions', async () => {
    const email = 'cli-acceptor@portal.test';
    expect((await runCli(email, 'First12345')).stdout).toContain(`accusation acceptor ${email} is ready`);
    let server = await serveFolder();
    let token: string;
    try {
      token = await tokenOf(await signIn(server, email, 'First12345'));
      expect((await accusations(server, token)).status).toBe(200);
    } finally {
      await server.close();
    }

    await runCli(email, 'Second1234');
    server = await serveFolder();
    try {
      await expectError(await accusations(server, token), 401, 'sessionInvalid');
      await tokenOf(await signIn(server, email, 'Second1234'));
    } finally {
      await server.close();
    }
  }, 60_000);

  it('makes an officer of a directorate with --role, who signs in at the staff sign-in only', async () => {
    let server = await serveFolder();
    const [{ id: directorate }] = await server.db.query<{ id: string }>('SELECT id FROM directorate ORDER BY created_at LIMIT 1');
    await server.close();

    // An officer works in a directorate: without one the CLI refuses and writes nothing.
    await expect(runCli('cli-officer@portal.test', 'Officer123', '--role', 'officer')).rejects.toMatchObject({ code: 2 });
    expect((await runCli('cli-officer@portal.test', 'Officer123', '--role', 'officer', '--directorate', directorate)).stdout)
      .toContain('officer cli-officer@portal.test is ready');

    server = await serveFolder();
    try {
      const [row] = await server.db.query('SELECT role, directorate_id FROM staff_user WHERE email = $1', ['cli-officer@portal.test']);
      expect(row).toEqual({ role: 'officer', directorate_id: directorate });
      const token = await tokenOf(await fetch(`${server.url}/staff_api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'cli-officer@portal.test', password: 'Officer123' }),
      }));
      expect(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).role).toBe('officer');
      await expectError(await signIn(server, 'cli-officer@portal.test', 'Officer123'), 401, 'loginFailed');
    } finally {
      await server.close();
    }
  }, 60_000);

  it('puts an officer in a team only of their directorate, saying clearly why not', async () => {
    let server = await serveFolder();
    const [team] = await server.db.query<{ id: string; directorate_id: string }>(
      `SELECT id, directorate_id FROM team WHERE status = 'active' ORDER BY created_at LIMIT 1`,
    );
    const [{ id: elsewhere }] = await server.db.query<{ id: string }>('SELECT id FROM directorate WHERE id <> $1 LIMIT 1', [team.directorate_id]);
    await server.close();
    const email = 'cli-team@portal.test';
    const refusal = (...more: string[]) => runCli(email, 'Officer123', '--role', 'officer', ...more).then(() => undefined, (error) => error);

    expect(await refusal('--directorate', elsewhere, '--team', team.id)).toMatchObject({
      code: 2, stderr: expect.stringContaining(`--team ${team.id} is not an active team of directorate ${elsewhere}`),
    });
    expect(await refusal('--directorate', randomUUID(), '--team', team.id)).toMatchObject({ code: 2, stderr: expect.stringContaining('is not an active directorate') });
    expect(await refusal('--directorate', 'nowhere')).toMatchObject({ code: 2, stderr: expect.stringContaining('--directorate nowhere is not an id') });
    expect((await runCli(email, 'Officer123', '--role', 'officer', '--directorate', team.directorate_id, '--team', team.id)).stdout)
      .toContain(`officer ${email} is ready`);

    server = await serveFolder();
    try {
      expect(await server.db.query('SELECT directorate_id, team_id FROM staff_user WHERE email = $1', [email]))
        .toEqual([{ directorate_id: team.directorate_id, team_id: team.id }]);
    } finally {
      await server.close();
    }
  }, 60_000);
});
