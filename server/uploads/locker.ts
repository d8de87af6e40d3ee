import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { Database } from '../db/database.ts';

export interface DatabaseLockerOptions {
  /** How long a request waits for an upload another request writes; then 423. */
  acquireTimeoutMs?: number;
  /** A holder that stopped renewing (its instance died) loses the lock after this long. */
  leaseMs?: number;
  /** How often a holder renews its lease and looks whether another request asked for the upload. */
  renewMs?: number;
  /** How often a waiting request tries again. */
  retryMs?: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The tus server's locker on PostgreSQL (none exists on npm): one row per upload being
 * written (resumable_upload_lock), so instances sharing the database never write one upload
 * at once. As @tus/server's in-memory locker does, a newcomer asks the holder to let go
 * (release_asked; the holder sees it at its next renewal and ends its request, keeping the
 * bytes it had): a client that resumes after a cut must not wait for the old request to
 * time out. A holder whose instance died stops renewing and is replaced after leaseMs.
 */
export class DatabaseLocker implements Locker {
  readonly db: Database;
  readonly options: Required<DatabaseLockerOptions>;

  constructor(db: Database, options: DatabaseLockerOptions = {}) {
    this.db = db;
    this.options = { acquireTimeoutMs: 10_000, leaseMs: 15_000, renewMs: 250, retryMs: 100, ...options };
  }

  /** The sweep: locks their holders left behind (an instance that died) and nobody took since. */
  async removeStale(): Promise<void> {
    await this.db.query("DELETE FROM resumable_upload_lock WHERE expires_at < now() - interval '1 hour'");
  }

  newLock(id: string): Lock {
    return new DatabaseLock(id, this);
  }
}

class DatabaseLock implements Lock {
  private readonly id: string;
  private readonly locker: DatabaseLocker;
  private readonly holder = randomUUID();
  private renewal: NodeJS.Timeout | undefined;

  constructor(id: string, locker: DatabaseLocker) {
    this.id = id;
    this.locker = locker;
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { db, options } = this.locker;
    const deadline = Date.now() + options.acquireTimeoutMs;
    for (;;) {
      const taken = await db.query(
        `INSERT INTO resumable_upload_lock (upload_id, holder, expires_at)
         VALUES ($1, $2, now() + $3 * interval '1 millisecond')
         ON CONFLICT (upload_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at, release_asked = false
           WHERE resumable_upload_lock.expires_at < now()
         RETURNING holder`,
        [this.id, this.holder, options.leaseMs],
      );
      if (taken.length === 1) break;
      await db.query('UPDATE resumable_upload_lock SET release_asked = true WHERE upload_id = $1', [this.id]);
      if (signal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await wait(options.retryMs);
    }
    this.keepRenewing(requestRelease);
  }

  private keepRenewing(requestRelease: RequestRelease) {
    const { db, options } = this.locker;
    let asked = false;
    const renew = async () => {
      const [row] = await db
        .query<{ release_asked: boolean }>(
          `UPDATE resumable_upload_lock SET expires_at = now() + $3 * interval '1 millisecond'
            WHERE upload_id = $1 AND holder = $2 RETURNING release_asked`,
          [this.id, this.holder, options.leaseMs],
        )
        .catch(() => [] as { release_asked: boolean }[]);
      if (this.renewal === undefined) return;
      if ((!row || row.release_asked) && !asked) {
        asked = true;
        await requestRelease();
      }
      this.renewal = setTimeout(() => void renew(), options.renewMs);
      this.renewal.unref();
    };
    this.renewal = setTimeout(() => void renew(), options.renewMs);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    clearTimeout(this.renewal);
    this.renewal = undefined;
    await this.locker.db.query('DELETE FROM resumable_upload_lock WHERE upload_id = $1 AND holder = $2', [this.id, this.holder]);
  }
}
