import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { openMigratedDatabase } from '../../server/start.ts';
import { DEMO_LOGINS } from '../../server/seed/logins.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { createScratchDatabase, freePort } from '../helpers/cluster.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectOk, type Json } from '../helpers/expect-api.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { logLines } from '../helpers/log-lines.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';
import { fileServer, fillWithMigratedPglite, startTestServer, TEST_TOKEN_SECRET, type TestServer } from '../helpers/server.ts';

const databases = await testDatabases();

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

// The log tests' server, one per database; the other blocks start instances of their own on its database.
const logs = { pglite: logLines(), postgres: logLines() };
const shared = fileServer((database) => ({ logger: logs[database.name].logger }));

describe.each(databases)('health and readiness on $name', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    // A tiny rate limit: the probes must still answer after the budget is spent.
    server = await startTestServer(database, { sameDatabaseAs: await shared(database), rateLimit: { max: 2, windowMs: 60_000 } });
  });
  afterAll(() => server?.close());

  it('GET /healthz says the process is alive, as JSON, however often it is asked', async () => {
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ status: 'ok' });
    }
  });

  it('GET /readyz runs every readiness check: the database is there and migrated', async () => {
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${server.url}/readyz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    }
    // The API budget is spent: the probes above were not counted in it.
    expect((await fetch(`${server.url}/division_api/get_all_divisions`)).status).toBe(200);
    expect((await fetch(`${server.url}/division_api/get_all_divisions`)).status).toBe(200);
    expect((await fetch(`${server.url}/division_api/get_all_divisions`)).status).toBe(429);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});

describe('readiness with a dependency down', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 1: Redis is unreachable from the start.
    server = await startTestServer(databases[0], { sameDatabaseAs: await shared(databases[0]), redisUrl: 'redis://127.0.0.1:1' });
  });
  afterAll(() => server?.close());

  it('with Redis down, says "degraded" with 200 and names it: the instance still serves, counting limits itself', async () => {
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    const body: Json = await response.json();
    expect(body.status).toBe('degraded');
    expect(body.checks.database).toBe('ok');
    expect(body.checks.redis).toMatch(/redis/i);
    expect(body.checks.redis).not.toBe('ok');
    // Alive all the same: restarting it would not bring Redis back.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/division_api/get_all_divisions`)).status).toBe(200);
  });
});

describe.each(databases)('Prometheus metrics on $name', (database) => {
  let server: TestServer;
  let metricsUrl: string;
  beforeAll(async () => {
    const metricsPort = await freePort();
    // Its own instance: the pool the metrics report is the last started one's.
    server = await startTestServer(database, { sameDatabaseAs: await shared(database), metricsPort, host: '127.0.0.1' });
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  });
  afterAll(() => server?.close());

  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    return response.text();
  };
  /** The value of one sample, 0 when the series has not appeared yet. */
  const sample = (text: string, name: string, labels: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
    return line ? Number(line.split(' ').pop()) : 0;
  };

  it('counts requests by route pattern and status, exactly', async () => {
    const divisions: Json[] = await (await fetch(`${server.url}/division_api/get_all_divisions`)).json();
    const series = 'method="GET",route="/division_api/get_division/:id",status="200"';
    const malformed = 'method="GET",route="/division_api/get_division/:id",status="400"';
    const before = await scrape();
    for (const division of divisions.slice(0, 3)) expect((await fetch(`${server.url}/division_api/get_division/${division._id}`)).status).toBe(200);
    expect((await fetch(`${server.url}/division_api/get_division/not-an-id`)).status).toBe(400);
    const after = await scrape();
    expect(sample(after, 'portal_http_requests_total', series) - sample(before, 'portal_http_requests_total', series)).toBe(3);
    expect(sample(after, 'portal_http_requests_total', malformed) - sample(before, 'portal_http_requests_total', malformed)).toBe(1);
    expect(sample(after, 'portal_http_request_duration_seconds_count', series) - sample(before, 'portal_http_request_duration_seconds_count', series)).toBe(3);
    // Never the raw URL: ids would make a series each.
    expect(after).not.toContain(`get_division/${divisions[0]._id}`);
  });

  it('counts an outbox replay answered with the first receipt', async () => {
    const send = () => {
      const form = new FormData();
      form.append('subject', 'Broken water pipe');
      form.append('description', 'The pipe on the third floor has leaked for a week.');
      form.append('attachment', new Blob([tinyPdf() as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'evidence.pdf');
      return fetch(`${server.url}/accusation_acceptor_api/create_accusation`, { method: 'POST', body: form, headers: { 'idempotency-key': `replay-${database.name}-0001` } });
    };
    const before = sample(await scrape(), 'portal_idempotent_replays_total', 'kind="accusation"');
    const first: Json = await expectOk(await send(), 201);
    expect(sample(await scrape(), 'portal_idempotent_replays_total', 'kind="accusation"')).toBe(before);
    const again: Json = await expectOk(await send(), 201);
    expect(again.reference).toBe(first.reference);
    expect(sample(await scrape(), 'portal_idempotent_replays_total', 'kind="accusation"')).toBe(before + 1);
  });

  it('shows the process and, on PostgreSQL, the connection pool', async () => {
    const text = await scrape();
    expect(text).toMatch(/^portal_process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^portal_nodejs_eventloop_lag_seconds /m);
    const connections = Number(/^portal_db_pool_connections (\d+)$/m.exec(text)?.[1]);
    if (database.name === 'postgres') expect(connections).toBeGreaterThan(0);
    else expect(connections).toBe(0);
    expect(text).toMatch(/^portal_db_pool_waiting_requests \d+/m);
  });

  it('never on the public port', async () => {
    const response = await rawRequest(`${server.url}/metrics`);
    expect(response.status).toBe(404);
    expect(response.body.toString()).not.toContain('portal_http_requests_total');
  });
});

describe.each(databases)('logs on $name', (database) => {
  const log = logs[database.name];
  let server: TestServer;
  beforeAll(async () => {
    server = await shared(database);
  });

  it('one warning at start that mail is written to files, not sent', () => {
    const warnings = log.lines.filter((line) => line.level === 40 && /SMTP_URL/.test(line.msg));
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toContain(path.join(server.config.dataDir, 'mail'));
  });

  it('a password reset leaves neither the token nor the address in the log', async () => {
    await expectOk(await fetch(`${server.url}/customer_user_api/forgot_customer_user`, json({ email: DEMO_CUSTOMER.email })));
    // The reset mail is written after the answer (which never waits on mail), beside any other mail of the run.
    const mailDir = path.join(server.config.dataDir, 'mail');
    const resetLink = () => fs.readdirSync(mailDir).map((name) => /\/reset_password\/([^/\s]+)\/([^/\s]+)/.exec(fs.readFileSync(path.join(mailDir, name), 'utf8'))).find(Boolean);
    await expect.poll(resetLink, { timeout: 10_000 }).not.toBeUndefined();
    const [, id, token] = resetLink()!;
    // The page the e-mailed link opens, then the call it makes.
    await fetch(`${server.url}/reset_password/${id}/${token}`);
    // The demo password is older than the 10-character rule: it is put back after this test.
    const [{ password_hash: demoHash }] = await server.db.query<{ password_hash: string }>('SELECT password_hash FROM customer_user WHERE id = $1', [id]);
    await expectOk(await fetch(`${server.url}/customer_user_api/reset_customer_user/${id}/${token}`, { ...json({ password: 'long enough pass phrase 2026' }), method: 'PUT' }));
    await server.db.query('UPDATE customer_user SET password_hash = $1 WHERE id = $2', [demoHash, id]);

    const text = log.text();
    expect(text).toContain(`/customer_user_api/reset_customer_user/${id}/[redacted]`);
    expect(text).toContain(`/reset_password/${id}/[redacted]`);
    expect(text).not.toContain(token);
    expect(text).not.toContain(DEMO_CUSTOMER.email);
    expect(log.lines.some((line) => /^mail "[^"]+" written to .*\.txt$/.test(line.msg))).toBe(true);
  });

  it('a staff set-password journey leaves its token nowhere in the log', async () => {
    const admin = await staffSignIn(server.url, DEMO_LOGINS.staff.admin);
    const address = `log-test-${database.name}@staff.test`;
    const added = await fetch(`${server.url}/staff_api/admin/staff`, {
      ...json({ email: address, firstname: 'Lidya', lastname: 'Tesfaye', role: 'archivist' }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    });
    await expectOk(added);
    const mailDir = path.join(server.config.dataDir, 'mail');
    const mail = fs.readdirSync(mailDir).map((name) => fs.readFileSync(path.join(mailDir, name), 'utf8')).find((text) => text.includes(address))!;
    const [, id, token] = /\/staff\/set-password\/([^/\s]+)\/([^/\s]+)/.exec(mail)!;
    // The page the e-mailed link opens, then the call it makes.
    await fetch(`${server.url}/staff/set-password/${id}/${token}`);
    await expectOk(await fetch(`${server.url}/staff_api/set_password/${id}/${token}`, { ...json({ password: 'long enough pass phrase 2026' }), method: 'PUT' }));
    // A secret in a query string is redacted too, whatever the path.
    await fetch(`${server.url}/staff/login?token=${token}`);

    const text = log.text();
    expect(text).toContain(`/staff/set-password/${id}/[redacted]`);
    expect(text).toContain(`/staff_api/set_password/${id}/[redacted]`);
    expect(text).toContain('/staff/login?token=[redacted]');
    expect(text).not.toContain(token);
  });

  it('a printed case is fetched without its signed name in the log', async () => {
    const token = (await expectOk(await fetch(`${server.url}/customer_user_api/login_customer_user`, json(DEMO_CUSTOMER)))).token;
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const list: Json = await expectOk(await fetch(`${server.url}/customer_case_api/get_case?page=1`, auth));
    const { file }: Json = await expectOk(await fetch(`${server.url}/customer_case_api/print_case/${list.cases[0]._id}`, auth));
    const pdf = await fetch(`${server.url}/media/CaseFiles/${file}`);
    expect(pdf.status).toBe(200);
    await pdf.arrayBuffer();

    // A visitor's status check links to the public print page by a signed name too.
    const lookup: Json = await expectOk(await fetch(`${server.url}/customer_case_api/get_case_by_casenum`, json({ casenum: list.cases[0].case_number })));
    expect(lookup.print).toMatch(/^print-/);
    await fetch(`${server.url}/print/${lookup.print.replace(/\.pdf$/, '')}`);

    const text = log.text();
    expect(text).toContain('/media/CaseFiles/[redacted]');
    expect(text).toContain('/print/[redacted]');
    expect(text).not.toContain(file);
    expect(text).not.toContain(lookup.print.replace(/\.pdf$/, ''));
    expect(text).not.toContain(token);
  });
});

describe.runIf(databases.some((d) => d.name === 'postgres'))('the signing key on PostgreSQL (TOKEN_SECRET)', () => {
  const postgres = databases.find((d) => d.name === 'postgres')!;

  it('is never kept in the database, so a backup cannot sign a session', async () => {
    const server = await shared(postgres);
    // An earlier version kept one there: a start with TOKEN_SECRET deletes it.
    await server.db.query(`INSERT INTO server_secret (name, value) VALUES ('token', 'old-key') ON CONFLICT (name) DO NOTHING`);
    const again = await startTestServer(postgres, { sameDatabaseAs: server });
    await again.close();
    expect(await server.db.query(`SELECT name FROM server_secret WHERE name = 'token'`)).toEqual([]);
  });

  it('refuses to sign anything without one', async () => {
    await expect(startTestServer(postgres, { sameDatabaseAs: await shared(postgres), tokenSecret: '' })).rejects.toThrow(/^TOKEN_SECRET must be set when DATABASE_URL is/);
  });

  it('rotated on every instance, signs every session out', async () => {
    const server = await shared(postgres);
    const token = (await expectOk(await fetch(`${server.url}/customer_user_api/login_customer_user`, json(DEMO_CUSTOMER)))).token;
    const rotated = await startTestServer(postgres, { sameDatabaseAs: server, tokenSecret: 'a-new-token-secret-of-at-least-32-characters' });
    try {
      const cases = (url: string) => fetch(`${url}/customer_case_api/get_case?page=1`, { headers: { authorization: `Bearer ${token}` } });
      expect((await cases(server.url)).status).toBe(200);
      expect((await cases(rotated.url)).status).toBe(401);
    } finally {
      await rotated.close();
    }
  });
});

describe('demo data only where a newcomer tries the portal', () => {
  const countPeople = async (db: Awaited<ReturnType<typeof openMigratedDatabase>>) => {
    const [row] = await db.query<{ customers: number; staff: number; cases: number; accusations: number; divisions: number }>(
      `SELECT (SELECT count(*) FROM customer_user) AS customers, (SELECT count(*) FROM staff_user) AS staff,
              (SELECT count(*) FROM customer_case) AS cases, (SELECT count(*) FROM accusation) AS accusations,
              (SELECT count(*) FROM division) AS divisions`,
    );
    return row;
  };
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-seed-'));
  // The demo: two customers, the acceptor and the two officers who answered demo cases, 14 + 2 cases.
  // Staff: every demo log-in of server/seed/logins.ts (an officer and a manager per directorate with demo cases, the ethics user, an archivist, an admin).
  const DEMO_COUNTS = { customers: 2, staff: 17, cases: 16, accusations: 6, divisions: 8 };
  const NOTHING = { customers: 0, staff: 0, cases: 0, accusations: 0, divisions: 0 };

  it('the embedded database gets the demo by default, and none with SEED_DEMO_DATA=false', async () => {
    for (const [env, seeded] of [[{}, true], [{ SEED_DEMO_DATA: 'false' }, false]] as const) {
      const dir = dataDir();
      // The first is a newcomer's first start: it creates the database (initdb, every migration;
      // the API tests' only such start). The second finds one migrated already, as a restart does.
      if (!seeded) await fillWithMigratedPglite(path.join(dir, 'db'));
      const db = await openMigratedDatabase(readConfig({ ...env, DATA_DIR: dir }));
      try {
        const counts = await countPeople(db);
        expect(counts).toEqual(seeded ? DEMO_COUNTS : NOTHING);
      } finally {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it.runIf(databases.some((d) => d.name === 'postgres'))('PostgreSQL (DATABASE_URL) starts empty unless SEED_DEMO_DATA=true', async () => {
    for (const [env, seeded] of [[{}, false], [{ SEED_DEMO_DATA: 'true' }, true]] as const) {
      const scratch = await createScratchDatabase('portal_seed');
      const dir = dataDir();
      const db = await openMigratedDatabase(readConfig({ ...env, DATABASE_URL: scratch.url, DATA_DIR: dir, TOKEN_SECRET: TEST_TOKEN_SECRET }));
      try {
        const counts = await countPeople(db);
        expect(counts).toEqual(seeded ? DEMO_COUNTS : NOTHING);
        const acceptors = await db.query<{ email: string }>(`SELECT email FROM staff_user WHERE role = 'accusation_acceptor'`);
        expect(acceptors).toEqual(seeded ? [{ email: 'acceptor@portal.local' }] : []);
      } finally {
        await db.close();
        await scratch.drop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('refuses a SEED_DEMO_DATA it does not understand rather than guess', () => {
    expect(() => readConfig({ SEED_DEMO_DATA: 'yes', DATABASE_URL: 'postgres://db/portal' })).toThrow(/SEED_DEMO_DATA/);
  });
});
