import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { builtApp } from '../helpers/built-app.ts';
import { createScratchDatabase, freePort } from '../helpers/cluster.ts';
import { fillWithMigratedPglite, TEST_TOKEN_SECRET } from '../helpers/server.ts';

/**
 * The portal as a newcomer and an operator run it: `npm start` as a process tree, stopped
 * with a SIGTERM to npm (what `docker stop` or systemd sends). On the embedded database,
 * whose folder lock must be given back for the next start. Its DATA_DIR holds the migrated
 * database the in-process servers start from: stopping is the subject, not creating one
 * (initdb and the migrations in a new process, seconds; operations.test.ts creates one).
 */

const root = path.resolve(import.meta.dirname, '../..');

interface Started {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function start(command: string, args: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = spawn(command, args, {
    cwd: root,
    // Only what a person's shell would have: nothing of the test's own configuration leaks in.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while ((await fetch(`${url}/healthz`).then((r) => r.status, () => 0)) !== 200) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited before answering:\n${output}`);
    if (Date.now() > deadline) throw new Error(`${command} ${args.join(' ')} did not answer /healthz:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url, output: () => output, exited };
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A sign-in whose body arrives in two halves, so the request is in flight for as long as the test likes. */
function heldSignIn(url: string) {
  const body = JSON.stringify(DEMO_CUSTOMER);
  const request = http.request(`${url}/customer_user_api/login_customer_user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  return { finish: () => request.end(body.slice(10)), answer, abort: () => request.destroy() };
}

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

// A PGlite folder takes seconds to open in a new process, more on a busy machine.
const SLOW = { timeout: 120_000 };
/** A DATA_DIR whose embedded database is created and migrated already. */
const migratedDataDir = async (prefix: string) => {
  const dir = tempDir(prefix);
  await fillWithMigratedPglite(path.join(dir, 'db'));
  return dir;
};

describe('npm start, then SIGTERM to npm', () => {
  let dataDir: string;
  let staticDir: string;
  beforeAll(async () => {
    dataDir = await migratedDataDir('portal-life-');
    staticDir = builtApp();
    dirs.push(staticDir);
  });

  it('finishes the request in flight, stops listening, exits 0 with its whole tree and frees the data folder', SLOW, async () => {
    const env = { DATA_DIR: dataDir, STATIC_DIR: staticDir, LOG_LEVEL: 'info' };
    const portal = await start('npm', ['start', '--silent'], env);
    expect(portal.output()).toContain('STATIC_DIR is set');

    // `exec` in the start script: npm's child is Node itself, not a shell that would swallow the signal.
    const [server] = execFileSync('ps', ['-o', 'pid=', '--ppid', String(portal.child.pid)], { encoding: 'utf8' }).trim().split(/\s+/).map(Number);
    expect(fs.readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0')).toContain('server/main.ts');

    const inFlight = heldSignIn(portal.url);
    await new Promise((resolve) => setTimeout(resolve, 200));
    portal.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));

    // Draining: no new connections, the held one still open.
    await expect(fetch(`${portal.url}/healthz`)).rejects.toThrow();
    expect(isRunning(server)).toBe(true);
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body).token).toMatch(/^ey/);

    const { code } = await portal.exited;
    expect(code, portal.output()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isRunning(server)).toBe(false);
    expect(portal.output()).toMatch(/"msg":"shut down"/);

    // The folder lock went with it: the next start on the same DATA_DIR is not refused.
    const again = await start(process.execPath, ['server/main.ts'], env);
    expect((await fetch(`${again.url}/readyz`)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  });

  it('gives up on a request still open after SHUTDOWN_TIMEOUT_MS, says so and exits 1', SLOW, async () => {
    const portal = await start(process.execPath, ['server/main.ts'], {
      DATA_DIR: await migratedDataDir('portal-stuck-'),
      STATIC_DIR: '',
      SEED_DEMO_DATA: 'false',
      SHUTDOWN_TIMEOUT_MS: '1000',
    });
    const stuck = heldSignIn(portal.url);
    stuck.answer.catch(() => {}); // it never gets one
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalled = Date.now();
    portal.child.kill('SIGTERM');
    const { code } = await portal.exited;
    stuck.abort();
    expect(code).toBe(1);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(900);
    expect(Date.now() - signalled).toBeLessThan(5000);
    expect(portal.output()).toContain('requests still open after 1000 ms (SHUTDOWN_TIMEOUT_MS)');
    expect(portal.output()).not.toMatch(/"msg":"shut down"/);
  });
});

describe('SIGTERM on PostgreSQL while a request runs for a client that has gone', () => {
  /**
   * What a load test's end looks like (issue 13's bench logged "Cannot use a pool after
   * calling end on the pool"): the client closed its connection while its request still
   * waited on the database, so the server had no connection left to wait for and closed
   * the pool under the running request. A lock held by the test keeps the sign-in waiting
   * for as long as the test likes; the sign-in writes again after it (a right password
   * gives back its guess count), so whether it ran to its end can be read in the database.
   */
  it('finishes the request before the database closes: its last write is stored, nothing fails, exit 0', SLOW, async () => {
    const scratch = await createScratchDatabase('portal_life');
    const locker = new pg.Client({ connectionString: scratch.url });
    try {
      const portal = await start(process.execPath, ['server/main.ts'], {
        DATABASE_URL: scratch.url,
        TOKEN_SECRET: TEST_TOKEN_SECRET,
        DATA_DIR: tempDir('portal-drain-'),
        STATIC_DIR: '',
        SEED_DEMO_DATA: 'true',
        LOG_LEVEL: 'info',
      });
      const guessCount = async () =>
        (await scratch.query<{ n: number }>("SELECT count(*)::int AS n FROM guess_attempt WHERE key LIKE 'sign-in:customer:%:%'"))[0].n;
      const waitingOnTheLock = async () =>
        (await scratch.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'housing-portal' AND wait_event_type = 'Lock'",
        ))[0].n;

      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE customer_user IN ACCESS EXCLUSIVE MODE');
      const signIn = heldSignIn(portal.url);
      signIn.answer.catch(() => {}); // the client leaves before any answer
      signIn.finish();
      const deadline = Date.now() + 10_000;
      while ((await waitingOnTheLock()) === 0) {
        if (Date.now() > deadline) throw new Error(`the sign-in never reached the account lookup:\n${portal.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Counted before the password is checked; given back once it matches.
      expect(await guessCount()).toBe(1);

      signIn.abort();
      await new Promise((resolve) => setTimeout(resolve, 200));
      portal.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      await locker.query('ROLLBACK');

      const { code } = await portal.exited;
      expect(portal.output()).not.toContain('Cannot use a pool');
      expect(code, portal.output()).toBe(0);
      expect(portal.output()).toMatch(/"msg":"shut down"/);
      expect(await guessCount()).toBe(0);
    } finally {
      await locker.end().catch(() => {});
      await scratch.drop();
    }
  });
});
