import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { fileServer, fillWithMigratedPglite, startTestServer, type TestServer } from '../helpers/server.ts';
import { logLines } from '../helpers/log-lines.ts';
import { openDatabase } from '../../server/db/database.ts';
import { APPLICATION_NAME } from '../../server/db/postgres.ts';
import { REDIS_DOWN } from '../../server/limits/rate-limit-store.ts';

const databases = await testDatabases();
const postgres = databases.find((database) => database.name === 'postgres');
const REDIS_URL = 'redis://127.0.0.1:6379';

/** GET /readyz: its HTTP status, the word it says (ready, degraded, not ready) and what each check said. */
async function readiness(server: TestServer) {
  const response = await fetch(`${server.url}/readyz`);
  const body = await response.json();
  return { status: response.status, says: body.status, ...body.checks };
}

const lookup = (server: TestServer, casenum: string) =>
  fetch(`${server.url}/customer_case_api/get_case_by_casenum`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ casenum }),
  });
/** Status checks of distinct numbers from one address, so only the per-address limit counts them. */
async function lookups(server: TestServer, count: number, from = 0): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = from; i < from + count; i++) statuses.push((await lookup(server, `HDC-2016-${String(i).padStart(6, '0')}`)).status);
  return statuses;
}

// One database per run for the whole file: each block below that needs a setting of its own
// (Redis, a logger, connections it can end) is another instance on it.
const shared = fileServer();

describe.each(databases)('readiness of the database on $name', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await shared(database);
  });

  it('is ready when every migration is applied, and counts (without naming) the ones that are not', async () => {
    expect(await readiness(server)).toEqual({ status: 200, says: 'ready', database: 'ok' });
    await server.db.query(`DELETE FROM schema_migration WHERE name = '004_accusations.sql'`);
    try {
      expect(await readiness(server)).toEqual({ status: 503, says: 'not ready', database: '1 migration(s) not applied' });
    } finally {
      // Applied all the same: the file's other instances start on this database.
      await server.db.query(`INSERT INTO schema_migration (name) VALUES ('004_accusations.sql')`);
    }
  });
});

describe.skipIf(!postgres)('a PostgreSQL connection the server drops', () => {
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  // Each run names its own connections, so it ends only its own backends, not other test files'.
  const applicationName = `portal-test-${randomBytes(4).toString('hex')}`;
  let server: TestServer;
  let admin: pg.Client;

  beforeAll(async () => {
    process.on('uncaughtException', record);
    const url = `${postgres!.url}${postgres!.url.includes('?') ? '&' : '?'}application_name=${applicationName}`;
    server = await startTestServer({ name: 'postgres', url }, { sameDatabaseAs: await shared(postgres!) });
    admin = new pg.Client({ connectionString: postgres!.url });
    await admin.connect();
  });
  afterAll(async () => {
    process.off('uncaughtException', record);
    await admin?.end();
    await server?.close();
  });

  const divisions = () => fetch(`${server.url}/division_api/get_all_divisions`).then((response) => response.status);
  const endBackends = async () =>
    (await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = $1`,
      [applicationName],
    )).rowCount ?? 0;

  it('names its connections housing-portal unless the URL names them', async () => {
    const db = await openDatabase({ url: postgres!.url });
    try {
      expect((await db.query<{ name: string }>(`SELECT current_setting('application_name') AS name`))[0].name).toBe(APPLICATION_NAME);
    } finally {
      await db.close();
    }
  });

  it('keeps the process up when idle and busy connections are ended, and answers afterwards', async () => {
    // Fill the pool, then let the connections sit idle: ending an idle one used to end the process.
    expect(await Promise.all(Array.from({ length: 10 }, divisions))).toEqual(Array(10).fill(200));
    expect(await endBackends()).toBeGreaterThan(0);

    // Now while reads run: each read that loses its connection is sent once more on a new one.
    const during = Promise.all(Array.from({ length: 40 }, divisions));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await endBackends();
    const statuses = await during;
    expect(statuses.filter((status) => status !== 200), 'reads that failed while their connection ended').toEqual([]);

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(uncaught).toEqual([]);
    expect(await Promise.all(Array.from({ length: 20 }, divisions))).toEqual(Array(20).fill(200));
  });

  it('fails a transaction whose connection ends between its statements, and nothing else', async () => {
    const attempt = server.db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      // Idle in the transaction, checked out of the pool: the moment an unheard 'error' ended the process.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return tx.query('SELECT 2');
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await endBackends()).toBeGreaterThan(0);
    await expect(attempt).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(uncaught).toEqual([]);
    expect(await server.db.transaction((tx) => tx.query<{ n: number }>('SELECT 3 AS n'))).toEqual([{ n: 3 }]);
  });
});

describe.each(databases)('rate limits while Redis is unreachable, on $name', (database) => {
  let server: TestServer;
  const log = logLines();
  beforeAll(async () => {
    // Nothing listens on port 1: every connection attempt fails at once.
    server = await startTestServer(database, { sameDatabaseAs: await shared(database), redisUrl: 'redis://127.0.0.1:1', logger: log.logger });
  });
  afterAll(() => server?.close());

  it('counts status checks in the process: the 31st from one address is refused', async () => {
    const statuses = await lookups(server, 31);
    expect(statuses.slice(0, 30).filter((status) => status === 429)).toEqual([]);
    expect(statuses[30]).toBe(429);
  });

  it('is degraded, not out of service, and says why (a load balancer keeps it: issue 23, F5)', async () => {
    expect(await readiness(server)).toEqual({ status: 200, says: 'degraded', database: 'ok', redis: REDIS_DOWN });
  });

  it('says so in one error line, not one per request', () => {
    const errors = log.lines.filter((line) => line.level >= 50);
    expect(errors.map((line) => line.msg)).toEqual(['Redis unreachable: rate limits are counted in this process until it returns']);
  });
});

describe.each(databases)('rate limits in Redis, on $name', (database) => {
  const servers: TestServer[] = [];
  const redis = new Redis(REDIS_URL);
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  afterAll(() => redis.quit());

  it('are shared by two instances', async () => {
    const keys = {
      sameDatabaseAs: await shared(database), redisUrl: REDIS_URL, redisKeyPrefix: `test-${randomBytes(6).toString('hex')}-`, lookupLimit: { max: 5, windowMs: 60_000 },
    };
    servers.push(await startTestServer(database, keys));
    servers.push(await startTestServer(database, keys));
    const [first, second] = servers;
    expect(await lookups(first, 3)).not.toContain(429);
    expect(await lookups(second, 2, 3)).not.toContain(429);
    expect(await lookups(second, 1, 5)).toEqual([429]);
    expect(await lookups(first, 1, 6)).toEqual([429]);
  });

  it('fall back to this process while Redis is away and go back to Redis when it returns', async () => {
    const proxy = await redisProxy();
    const log = logLines();
    const prefix = `test-${randomBytes(6).toString('hex')}-`;
    try {
      servers.push(await startTestServer(database, {
        sameDatabaseAs: await shared(database), redisUrl: `redis://127.0.0.1:${proxy.port}`, redisKeyPrefix: prefix, logger: log.logger, lookupLimit: { max: 1000, windowMs: 60_000 },
      }));
      const [server] = servers;
      const inRedis = async () => (await redis.keys(`${prefix}*`)).length;
      await waitFor(async () => (await lookups(server, 1), (await inRedis()) > 0));
      // The status check's own limit names its keys by its scope (review F8: "…undefinedundefined-case-lookup…").
      expect((await redis.keys(`${prefix}*`)).filter((key) => key.includes('case-lookup'))).not.toEqual([]);
      expect((await redis.keys(`${prefix}*`)).filter((key) => key.includes('undefined'))).toEqual([]);

      expect(await readiness(server)).toEqual({ status: 200, says: 'ready', database: 'ok', redis: 'ok' });

      proxy.stop();
      await redis.del(await redis.keys(`${prefix}*`));
      expect(await lookups(server, 5)).not.toContain(429);
      expect(await inRedis()).toBe(0);
      expect(await readiness(server)).toEqual({ status: 200, says: 'degraded', database: 'ok', redis: REDIS_DOWN });

      proxy.start();
      await waitFor(async () => (await lookups(server, 1), (await inRedis()) > 0));
      expect(await readiness(server)).toEqual({ status: 200, says: 'ready', database: 'ok', redis: 'ok' });
      expect(log.lines.filter((line) => line.level >= 50)).toHaveLength(1);
      expect(log.lines.map((line) => line.msg)).toContain('Redis reachable again: rate limits are counted in Redis');
    } finally {
      proxy.stop();
    }
  });
});

describe('the PGlite data folder lock', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
  // A database there already: the lock is the subject, not creating one (seconds of initdb).
  beforeAll(() => fillWithMigratedPglite(dir));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a second open of a folder in use, in one line', async () => {
    const first = await openDatabase({ url: dir });
    try {
      await expect(openDatabase({ url: dir })).rejects.toThrow(/^The data folder .* is in use by another portal process\. Stop it or set DATA_DIR/);
    } finally {
      await first.close();
    }
    // Closed: the folder is free again.
    await (await openDatabase({ url: dir })).close();
  });

  it('takes over a lock left by a process that died', async () => {
    const lock = path.join(dir, 'folder.lock');
    fs.mkdirSync(lock);
    const minuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(lock, minuteAgo, minuteAgo);
    const takenAt = Date.now();
    const db = await openDatabase({ url: dir });
    try {
      // The lock is this process's now: made afresh (its age restarts) and refusing others.
      expect(fs.statSync(lock).mtimeMs).toBeGreaterThan(takenAt - 2_000);
      await expect(openDatabase({ url: dir })).rejects.toThrow(/is in use by another portal process/);
    } finally {
      await db.close();
    }
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('is not blocked by an old PID file whose PID now belongs to another live process, and removes it', async () => {
    // What an earlier version left: a PID that now names a live process (this test's parent).
    const pidFile = path.join(dir, 'portal.lock');
    fs.writeFileSync(pidFile, String(process.ppid));
    const db = await openDatabase({ url: dir });
    try {
      expect(fs.existsSync(pidFile)).toBe(false);
      expect(fs.existsSync(path.join(dir, 'folder.lock'))).toBe(true);
    } finally {
      await db.close();
    }
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A TCP hop to the real Redis that the test can cut and restore, as a network failure would. */
async function redisProxy() {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(6379, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => {});
          socket.on('close', () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await start();
  return {
    port,
    start,
    stop() {
      server?.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}
