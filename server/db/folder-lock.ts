import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * How long a lock whose holder this process cannot check (on another machine, in another
 * container's PIDs, from an earlier boot, or an earlier version's lock) goes unrefreshed
 * before it is taken. A holder this process can check is never taken while it lives.
 */
export const DEFAULT_LOCK_STALE_MS = 20_000;

/** A start refused because another process holds the folder; its message is one line for the operator. */
export class DataFolderInUseError extends Error {
  override name = 'DataFolderInUseError';
}

/**
 * The process that holds a folder, as written in its lock. `started` is the process's start
 * time (field 22 of /proc/<pid>/stat, in clock ticks since boot): a PID alone cannot tell
 * the holder from an unrelated process that got the PID after the holder died. `boot` and
 * `pidNamespace` say whose PIDs and ticks these are: only a process that shares both can
 * check the holder in its own /proc. `token` tells this holder from any other.
 */
interface Holder {
  pid: number;
  host: string;
  started?: string;
  boot?: string;
  pidNamespace?: string;
  token: string;
}

const LOCK_DIR = 'folder.lock';
const HOLDER_FILE = /^holder\.(\d+)$/;
/** Starts racing over one lock retry this often before giving up (each loser sees the winner next). */
const ATTEMPTS = 5;

const readOrUndefined = (read: () => string) => {
  try {
    return read().trim();
  } catch {
    return undefined; // no /proc (not Linux) or not readable here
  }
};

/**
 * A process's start time and whether it is a zombie (ended, not yet reaped), from
 * /proc/<pid>/stat; 'gone' when there is no such process; undefined without /proc.
 */
function processStart(pid: number): { started: string; zombie: boolean } | 'gone' | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ESRCH' ? 'gone' : undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { started: fields[19], zombie: fields[0] === 'Z' }; // fields 3 (state) and 22 (starttime)
}

function thisProcess(): Holder {
  const start = processStart(process.pid);
  return {
    pid: process.pid,
    host: os.hostname(),
    started: typeof start === 'object' ? start.started : undefined,
    boot: readOrUndefined(() => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')),
    pidNamespace: readOrUndefined(() => fs.readlinkSync('/proc/self/ns/pid')),
    token: crypto.randomUUID(),
  };
}

/**
 * Whether the holder still runs. 'alive' includes a holder that is stopped (SIGSTOP, a
 * frozen VM or container, a debugger): it will resume and write. 'unknown' when its PIDs
 * are not this process's to check; only then does the lock's age decide.
 */
function holderState(holder: Holder, me: Holder): 'alive' | 'gone' | 'unknown' {
  if (holder.host !== me.host || holder.boot !== me.boot || holder.pidNamespace !== me.pidNamespace) return 'unknown';
  if (me.started === undefined) {
    // No /proc: only whether the PID is in use. A reused PID keeps the folder until the operator frees it.
    try {
      process.kill(holder.pid, 0);
      return 'alive';
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM' ? 'alive' : 'gone';
    }
  }
  const now = processStart(holder.pid);
  if (now === undefined) return 'unknown';
  return now !== 'gone' && !now.zombie && now.started === holder.started ? 'alive' : 'gone';
}

function generations(lockDir: string): number[] {
  return fs
    .readdirSync(lockDir)
    .map((name) => HOLDER_FILE.exec(name)?.[1])
    .filter((n) => n !== undefined)
    .map(Number);
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? '';

const ignoring = (codes: string[], work: () => void) => {
  try {
    work();
  } catch (error) {
    if (!codes.includes(errorCode(error))) throw error;
  }
};

/** Who holds the folder, for the refusal's parenthesis. */
function describeHolder(holder: Holder | 'none' | 'unreadable', me: Holder, state: 'alive' | 'unknown', staleMs: number): string {
  const freesItself = `it frees itself ${staleMs / 1000} s after its last refresh`;
  if (holder === 'none') return `an earlier version's lock, or one being made; ${freesItself}`;
  if (holder === 'unreadable') return `its holder cannot be read; ${freesItself}`;
  const who = `PID ${holder.pid}${holder.host === me.host ? '' : ` on ${holder.host}`}`;
  return state === 'alive'
    ? `held by ${who}; a stopped (paused) process still holds it`
    : `held by ${who}, which this process cannot check; ${freesItself}`;
}

export interface FolderLock {
  /**
   * Ends the process, with a message, unless the folder is still this process's. Called
   * before and after every database call, so that nothing written after another process
   * took the folder is ever acknowledged.
   */
  check(): void;
  release(): void;
}

/** Makes the folder; false when it was there already. */
function makeFolder(folder: string): boolean {
  try {
    fs.mkdirSync(folder);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

/**
 * PGlite keeps no lock on its folder: two processes on one folder both start and silently
 * lose rows (TOOLCHAIN.md pitfall 7). The lock is the folder `folder.lock` holding
 * `holder.<n>`: the holder with the highest n has the folder. A holder is only ever
 * created, never written over: its file is written aside and hard-linked into place, which
 * fails if that name exists, so of two starts taking over generation n exactly one makes
 * n + 1. A holder this process can check in /proc is taken over only once it has ended
 * (after a kill -9, at once); a paused one never. The holder touches the folder every few
 * seconds for those that cannot check it; its own file it never touches, so a change to
 * that file means another process has taken the folder.
 */
export function lockDataFolder(dir: string, staleMs = DEFAULT_LOCK_STALE_MS): FolderLock {
  const lockDir = path.join(dir, LOCK_DIR);
  const me = thisProcess();
  const draft = path.join(lockDir, `.draft-${me.token}`);
  const refuse = (detail: string) =>
    new DataFolderInUseError(`The data folder ${dir} is in use by another portal process. Stop it or set DATA_DIR to another folder (${detail}).`);
  const stale = () => Date.now() - fs.statSync(lockDir).mtimeMs > staleMs;

  /** This process's holder file, or undefined when the lock changed under this start: look again. */
  function take(): string | undefined {
    const made = makeFolder(lockDir);
    const held = generations(lockDir);
    let next = 1;
    if (held.length === 0) {
      // An earlier version's lock (an empty folder it touches), or one another start has just made.
      if (!made && !stale()) throw refuse(describeHolder('none', me, 'unknown', staleMs));
    } else {
      const current = Math.max(...held);
      let holder: Holder | 'unreadable';
      try {
        holder = JSON.parse(fs.readFileSync(path.join(lockDir, `holder.${current}`), 'utf8'));
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return undefined; // taken over and cleared meanwhile
        holder = 'unreadable'; // edited by hand, say: only its age can free it
      }
      const state = holder === 'unreadable' ? 'unknown' : holderState(holder, me);
      if (state === 'alive' || (state === 'unknown' && !stale())) throw refuse(describeHolder(holder, me, state, staleMs));
      next = current + 1;
    }
    const mine = path.join(lockDir, `holder.${next}`);
    fs.writeFileSync(draft, JSON.stringify(me));
    try {
      fs.linkSync(draft, mine);
    } catch (error) {
      if (errorCode(error) === 'EEXIST') return undefined; // another start made this generation first
      throw error;
    }
    // A start that read an older generation before a newer one was cleared could make a stale n + 1.
    if (Math.max(...generations(lockDir)) !== next) {
      fs.unlinkSync(mine);
      return undefined;
    }
    for (const name of fs.readdirSync(lockDir)) {
      if (name !== path.basename(mine)) ignoring(['ENOENT'], () => fs.unlinkSync(path.join(lockDir, name)));
    }
    return mine;
  }

  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      let mine: string | undefined;
      try {
        mine = take();
      } catch (error) {
        // The lock folder was released or a file cleared by the winner while this start looked.
        if (errorCode(error) !== 'ENOENT') throw error;
      }
      if (mine) return holding(dir, lockDir, mine, me.token, staleMs);
    }
    throw refuse('other starts kept taking it at the same moment');
  } finally {
    ignoring(['ENOENT'], () => fs.unlinkSync(draft));
  }
}

function holding(dir: string, lockDir: string, mine: string, token: string, staleMs: number): FolderLock {
  const identity = (stat: fs.BigIntStats) => `${stat.dev}:${stat.ino}:${stat.ctimeNs}`;
  let known = identity(fs.statSync(mine, { bigint: true }));

  function stillMine(): boolean {
    const stat = fs.statSync(mine, { bigint: true, throwIfNoEntry: false });
    if (stat && identity(stat) === known) return true;
    // Changed, yet still naming this process (its mode changed by hand, say): still ours.
    if (stat && readOrUndefined(() => fs.readFileSync(mine, 'utf8'))?.includes(`"token":"${token}"`)) {
      known = identity(stat);
      return true;
    }
    return false;
  }

  function check() {
    if (stillMine()) return;
    console.error(`The data folder ${dir} was taken over by another process while this one held it; stopping before answering anything more.`);
    process.exit(1);
  }

  // Those that cannot check this process in /proc go by the lock's age: keep it young.
  const heartbeat = setInterval(
    () => {
      ignoring(['ENOENT'], () => {
        const now = new Date();
        fs.utimesSync(lockDir, now, now);
      });
      check();
    },
    Math.min(5_000, Math.max(100, staleMs / 4)),
  );
  heartbeat.unref();

  return {
    check,
    release() {
      clearInterval(heartbeat);
      if (!stillMine()) return; // another process's lock now: not this one's to remove
      ignoring(['ENOENT'], () => fs.unlinkSync(mine));
      // Left in place if another start has put its holder in meanwhile.
      ignoring(['ENOENT', 'ENOTEMPTY', 'EEXIST'], () => fs.rmdirSync(lockDir));
    },
  };
}
