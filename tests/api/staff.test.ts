import { hash } from '@node-rs/argon2';
import { addStaff } from '../helpers/staff-fixture.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { expectError, expectOk } from '../helpers/expect-api.ts';

const databases = await testDatabases();

const signIn = (server: TestServer, email: string, password: string) =>
  fetch(`${server.url}/accusation_acceptor_user_api/login_accusation_acceptor`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
const accusations = (server: TestServer, token: string) =>
  fetch(`${server.url}/accusation_acceptor_api/get_accusations`, { headers: { authorization: `Bearer ${token}` } });
const tokenOf = async (response: Response) => (await expectOk(response)).token as string;

/** A staff user as the test fixtures store them (`npm run staff` itself: staff-cli.test.ts). */
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
    await addStaff(server.db, await staffFields(email, 'Before1234'));
    const before = await tokenOf(await signIn(server, email, 'Before1234'));
    expect((await accusations(server, before)).status).toBe(200);

    // A later millisecond than the token's: "before" is exact to the millisecond.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await addStaff(server.db, await staffFields(email, 'After12345'));

    await expectError(await accusations(server, before), 401, 'sessionInvalid');
    await expectError(await signIn(server, email, 'Before1234'), 401, 'loginFailed');
    const after = await tokenOf(await signIn(server, email, 'After12345'));
    expect((await accusations(server, after)).status).toBe(200);
  });
});
