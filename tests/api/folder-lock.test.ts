import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { freePort, stopProcess } from '../helpers/cluster.ts';
import { fillWithMigratedPglite } from '../helpers/server.ts';

/**
 * Issue 23 (F7): a PGlite folder is never taken from a holder that is alive, paused or not,
 * and a holder that finds it taken acknowledges nothing more. Real `node server/main.ts`
 * processes on one DATA_DIR, paused with SIGSTOP and killed with SIGKILL as the review did.
 * The lock's stale time (DATA_LOCK_STALE_MS) is made tiny where the old lock would have
 * let a second start in after it: no test waits for time to pass.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const running = new Set<ChildProcess>();
const folders: string[] = [];

afterEach(async () => {
  for (const child of running) {
    child.kill('SIGCONT');
    await stopProcess(child);
  }
  running.clear();
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A DATA_DIR holding a migrated database already: the lock is the subject, not creating one. */
async function dataDir(): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
  folders.push(folder);
  await fillWithMigratedPglite(path.join(folder, 'db'));
  return folder;
}

interface Portal {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/** `node server/main.ts` on `folder`; resolves once it is ready, or once it has exited (refused). */
async function startPortal(folder: string, env: Record<string, string> = {}): Promise<Portal> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: folder, STATIC_DIR: '', SEED_DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('portal ready')) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => resolve());
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Files an accusation; its reference, or the status when it is not a 201. */
async function fileAccusation(portal: Portal, subject: string): Promise<string> {
  const form = new FormData();
  form.append('subject', subject);
  form.append('description', 'filed while testing the data folder lock');
  const response = await fetch(`${portal.url}/accusation_acceptor_api/create_accusation`, { method: 'POST', body: form });
  return response.status === 201 ? (await response.json()).reference : `status ${response.status}`;
}

const statusOf = async (portal: Portal, reference: string) =>
  (await fetch(`${portal.url}/accusation_acceptor_api/get_accusation_status/${encodeURIComponent(reference)}`)).status;

/** Fields 3 (state) onwards of /proc/<pid>/stat; field 22, the start time, is at 19. */
const procStat = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};

/** A lock naming `pid` as its holder, as a portal on this machine writes it (server/db/folder-lock.ts). */
function writeHolder(folder: string, generation: number, pid: number, started: string) {
  const lockDir = path.join(folder, 'db', 'folder.lock');
  fs.mkdirSync(lockDir, { recursive: true });
  const holder = {
    pid,
    host: os.hostname(),
    started,
    boot: fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
    pidNamespace: fs.readlinkSync('/proc/self/ns/pid'),
    token: `test-${generation}`,
  };
  // Written aside and moved in, as a process taking the folder over does.
  fs.writeFileSync(path.join(lockDir, 'draft'), JSON.stringify(holder));
  fs.renameSync(path.join(lockDir, 'draft'), path.join(lockDir, `holder.${generation}`));
  return lockDir;
}

describe('the PGlite data folder lock, between real processes', () => {
  it('is never taken from a paused holder, which then still serves and keeps its writes; after a kill -9 the next start takes it at once', async () => {
    const folder = await dataDir();
    const first = await startPortal(folder);
    expect(first.output()).toContain('portal ready');

    first.child.kill('SIGSTOP');
    const second = await startPortal(folder, { DATA_LOCK_STALE_MS: '1' });
    expect(second.output().trim()).toBe(
      `The portal could not start: The data folder ${path.join(folder, 'db')} is in use by another portal process. ` +
        `Stop it or set DATA_DIR to another folder (held by PID ${first.child.pid}; a stopped (paused) process still holds it).`,
    );
    expect(await second.exited).toBe(1);

    first.child.kill('SIGCONT');
    const reference = await fileAccusation(first, 'filed after the pause');
    expect(reference).toMatch(/^ACC-/);

    first.child.kill('SIGKILL');
    await first.exited;
    // The default stale time (20 s): the lock is young, yet /proc says its holder is gone.
    const third = await startPortal(folder);
    expect(third.output()).toContain('portal ready');
    expect(await statusOf(third, reference)).toBe(200);
    const next = await fileAccusation(third, 'filed by the next holder');
    expect(next).toMatch(/^ACC-/);
    expect(next).not.toBe(reference);
  }, 120_000);

  it('a holder that finds its folder taken answers nothing more and exits with a message', async () => {
    const folder = await dataDir();
    const portal = await startPortal(folder);
    expect(await fileAccusation(portal, 'filed while holding')).toMatch(/^ACC-/);

    // Another live process (this test's) takes the folder over, as one that could not check the holder might.
    fs.rmSync(path.join(folder, 'db', 'folder.lock'), { recursive: true });
    writeHolder(folder, 1, process.pid, procStat(process.pid)[19]);

    const answer = await fileAccusation(portal, 'filed after the takeover').catch(() => 'no answer');
    expect(answer).toBe('no answer');
    expect(await portal.exited).toBe(1);
    expect(portal.output()).toContain(`The data folder ${path.join(folder, 'db')} was taken over by another process while this one held it; stopping`);
  }, 120_000);
});

describe('the PGlite data folder lock, by its holder record', () => {
  it('takes a lock whose PID is alive but started at another time (a reused PID), and refuses it when the start time is the holder’s', async () => {
    const folder = await dataDir();
    const parent = process.ppid;
    const started = procStat(parent)[19];
    // Fresh: only the start time can free it.
    writeHolder(folder, 1, parent, `${Number(started) + 1}`);
    const db = await openDatabase({ url: path.join(folder, 'db') });
    await db.close();

    writeHolder(folder, 1, parent, started);
    await expect(openDatabase({ url: path.join(folder, 'db'), lockStaleMs: 1 })).rejects.toThrow(
      `is in use by another portal process. Stop it or set DATA_DIR to another folder (held by PID ${parent}; a stopped (paused) process still holds it).`,
    );
  });

  it('of starts racing over a lock whose holder is gone, or a stale one of an earlier version, exactly one takes it', async () => {
    const folder = await dataDir();
    const lockDir = path.join(folder, 'db', 'folder.lock');
    const ended = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => ended.once('exit', resolve));
    const minuteAgo = new Date(Date.now() - 60_000);
    const leftBehind = {
      'a dead holder': () => writeHolder(folder, 7, ended.pid!, '1'),
      "an earlier version's stale lock": () => (fs.mkdirSync(lockDir), fs.utimesSync(lockDir, minuteAgo, minuteAgo)),
      'no lock': () => {},
    };
    for (const [what, leave] of Object.entries(leftBehind)) {
      leave();
      const racers = await Promise.all(Array.from({ length: 3 }, () => lockInChild(path.join(folder, 'db'))));
      for (const racer of racers) racer.go();
      const outcomes = await Promise.all(racers.map((racer) => racer.outcome()));
      expect(outcomes.filter((outcome) => outcome === 'held'), `${what}: ${outcomes.join(' | ')}`).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.includes('is in use by another portal process'))).toHaveLength(2);
      for (const racer of racers) await stopProcess(racer.child);
      fs.rmSync(lockDir, { recursive: true, force: true });
    }
  }, 60_000);
});

/**
 * A process that takes the folder's lock as the portal does and keeps it until stopped. It
 * loads first and takes the lock when told to (`go`), so that racers start together.
 */
async function lockInChild(folder: string) {
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', `
      import { lockDataFolder } from './server/db/folder-lock.ts';
      console.log('ready');
      process.stdin.once('data', () => {
        try { lockDataFolder(${JSON.stringify(folder)}); console.log('held'); }
        catch (error) { console.log(error.message); }
      });`],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  running.add(child);
  const lines: string[] = [];
  let waiting: (() => void) | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    waiting?.();
  });
  const line = (n: number) =>
    new Promise<string>((resolve) => {
      waiting = () => lines.length > n && resolve(lines[n]);
      waiting();
    });
  await line(0);
  return {
    child,
    go: () => child.stdin.write('go\n'),
    outcome: () => line(1),
  };
}
