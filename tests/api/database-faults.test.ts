import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { startDatabaseLink, type DatabaseLink } from '../helpers/database-link.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectOk, type Json } from '../helpers/expect-api.ts';
import { logLines } from '../helpers/log-lines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const postgres = (await testDatabases()).find((database) => database.name === 'postgres');

/**
 * Issue 23 (F4, #50): a database that restarts or drops a connection costs a client one
 * retry at most: a read that lost its connection is sent once more, and what still fails
 * answers 503 with Retry-After (never 500), logged as a warning, not as a failure of ours.
 */
describe.runIf(postgres)('PostgreSQL going away under the portal', () => {
  let link: DatabaseLink;
  let server: TestServer;
  let token: string;
  const { lines, logger } = logLines('warn');
  const myCases = () => fetch(`${server.url}/customer_case_api/get_case?page=1`, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    link = await startDatabaseLink(postgres!.url);
    server = await startTestServer({ name: 'postgres', url: link.url }, { logger });
    const login = await fetch(`${server.url}/customer_user_api/login_customer_user`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_CUSTOMER),
    });
    token = (await expectOk(login)).token;
  });
  afterAll(async () => {
    link?.restore();
    await server?.close();
    await link?.close();
  });

  it('sends a read that lost its connection once more, and the customer never sees it', async () => {
    link.dropNextQuery();
    const answer = await expectOk(await myCases());
    expect(link.dropped).toBe(1);
    expect(answer.cases.length).toBeGreaterThan(0);
    expect(lines.some((line) => line.level === 40 && /connection lost during a read; trying once more/.test(line.msg))).toBe(true);
  });

  it('answers 503 with Retry-After while the database is down, and 200 as soon as it is back', async () => {
    link.down();
    const down = await myCases();
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    const body: Json = await down.json();
    expect(body.code).toBe('databaseUnavailable');
    expect(body.Message_en).toMatch(/try again in a few seconds/);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    link.restore();
    await expectOk(await myCases());
    // Said as a warning: an operator's error alerts are for our failures, not for a restart.
    expect(lines.some((line) => line.level === 40 && line.msg === 'database unreachable: answered 503')).toBe(true);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
