import { randomUUID } from 'node:crypto';
import { jsonCalls } from '../helpers/json-calls.ts';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../server/auth/tokens.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectError, expectMessages, expectOk } from '../helpers/expect-api.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

const databases = await testDatabases();
const PASSWORD = 'Staff12345';

/** The one staff sign-out (issue 15): every role ends its session, and the token is refused after. */
describe.each(databases)('staff logout on $name', (database) => {
  let server: TestServer;
  let directorate: string;
  const { post, get } = jsonCalls(() => server.url);
  async function signedIn(role: StaffRole): Promise<string> {
    const email = `${role}-${randomUUID()}@portal.test`;
    const inDirectorate = role === 'officer' || role === 'manager';
    await addStaff(server.db, {
      email, password_hash: await hash(PASSWORD), firstname: 'Meron', middlename: '', lastname: 'Tadesse', role,
      directorate_id: inDirectorate ? directorate : null,
    }, new Date(Date.now() - 1000));
    return staffSignIn(server.url, { email, password: PASSWORD });
  }

  beforeAll(async () => {
    server = await startTestServer(database);
    [{ id: directorate }] = await server.db.query<{ id: string }>('SELECT id FROM directorate ORDER BY created_at LIMIT 1');
  });
  afterAll(() => server?.close());

  it.each([
    ['officer', '/staff_api/cases'],
    ['manager', '/staff_api/officers'],
    ['accusation_acceptor', '/staff_api/accusations'],
  ] as const)('signs a %s out: their token works before and is refused after', async (role, path) => {
    const token = await signedIn(role);
    expect((await get(path, token)).status).toBe(200);
    expectMessages(await expectOk(await post('/staff_api/logout', undefined, token)));
    await expectError(await get(path, token), 401, 'sessionInvalid');
    await expectError(await post('/staff_api/logout', undefined, token), 401, 'sessionInvalid');
  });

  it('signs archivists and admins out too, and refuses a customer token and no token', async () => {
    for (const role of ['archivist', 'admin'] as const) expectMessages(await expectOk(await post('/staff_api/logout', undefined, await signedIn(role))));
    const customer = (await expectOk(await post('/customer_user_api/login_customer_user', DEMO_CUSTOMER))).token;
    await expectError(await post('/staff_api/logout', undefined, customer), 401, 'sessionInvalid');
    await expectError(await post('/staff_api/logout'), 401, 'unauthorized');
  });
});
