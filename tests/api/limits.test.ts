import { hash } from '@node-rs/argon2';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config.ts';
import { testDatabases, type TestDatabase } from '../helpers/databases.ts';
import { fileServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { expectError, expectOk } from '../helpers/expect-api.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

const databases = await testDatabases();

const PASSWORD = 'Secret123';
const WRONG = 'Wrong1234';
// Ten minutes: a refusal must say (almost) that, not the generic 180 seconds.
const WINDOW_MS = 10 * 60_000;
const LIMITS: Partial<Config> = {
  // The test's requests all come from 127.0.0.1; X-Forwarded-For stands for the client address.
  trustProxy: ['127.0.0.1'],
  guessLimit: { max: 3, windowMs: WINDOW_MS },
  signInAccountLimitMax: 6,
};

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${process.pid}-${Date.now().toString(36)}-${++counter}@example.test`;

type Kind = 'customer' | 'staff';
const LOGIN_PATH: Record<Kind, string> = {
  customer: '/customer_user_api/login_customer_user',
  staff: '/accusation_acceptor_user_api/login_accusation_acceptor',
};

function signInAs(server: TestServer, kind: Kind) {
  return (email: string, password: string, address?: string) =>
    fetch(`${server.url}${LOGIN_PATH[kind]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
      body: JSON.stringify({ email, password }),
    });
}

/** A verified customer or an active acceptor with PASSWORD, straight into the database. */
async function newAccount(server: TestServer, kind: Kind): Promise<string> {
  const email = uniqueEmail(kind);
  const passwordHash = await hash(PASSWORD);
  if (kind === 'staff') {
    await addStaff(server.db, {
      email, password_hash: passwordHash, firstname: 'Selam', middlename: '', lastname: 'Bekele', role: 'accusation_acceptor',
    });
  } else {
    await server.db.query(
      `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, gender, email_verified_at)
       VALUES ('Abebe', 'Kebede', 'Tadesse', $1, $2, '+251911000222', 'Male', now())`,
      [email, passwordHash],
    );
  }
  return email;
}

async function expectSignedIn(response: Response) {
  expect(typeof (await expectOk(response)).token).toBe('string');
}

/** A 429 whose header and body both say the time left in the counter's window. */
async function expectWait(response: Response, windowMs = WINDOW_MS): Promise<number> {
  const body = await expectError(response, 429, 'tooManyRequests');
  const seconds = Number(response.headers.get('retry-after'));
  expect(seconds).toBeGreaterThan(windowMs / 1000 - 30);
  expect(seconds).toBeLessThanOrEqual(windowMs / 1000);
  expect(body.retry_after).toBe(seconds);
  return seconds;
}

// The sign-in limits' server; each client-address test is a second instance on its database, with a setting of its own.
const shared = fileServer(LIMITS);

describe.each(databases)('sign-in limits on $name', (database: TestDatabase) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await shared(database);
  });

  describe.each(['customer', 'staff'] as const)('%s sign-in', (kind) => {
    const signIn = (email: string, password: string, address?: string) => signInAs(server, kind)(email, password, address);

    it('lets the owner sign in 11 times in a row: successes are not counted', async () => {
      const email = await newAccount(server, kind);
      for (let n = 0; n < 11; n++) await expectSignedIn(await signIn(email, PASSWORD, '203.0.113.10'));
    });

    it("locks one address out of the account after its failures, even with the right password; another address still signs in", async () => {
      const email = await newAccount(server, kind);
      for (let n = 0; n < 3; n++) await expectError(await signIn(email, WRONG, '203.0.113.20'), 401, 'loginFailed');
      await expectWait(await signIn(email, PASSWORD, '203.0.113.20'));
      await expectSignedIn(await signIn(email, PASSWORD, '198.51.100.20'));
      // The other address's success does not let the locked one in.
      await expectWait(await signIn(email, PASSWORD, '203.0.113.20'));
    });

    it('forgets an address’s failures once it signs in', async () => {
      const email = await newAccount(server, kind);
      for (let n = 0; n < 2; n++) await expectError(await signIn(email, WRONG, '203.0.113.30'), 401, 'loginFailed');
      await expectSignedIn(await signIn(email, PASSWORD, '203.0.113.30'));
      for (let n = 0; n < 2; n++) await expectError(await signIn(email, WRONG, '203.0.113.30'), 401, 'loginFailed');
      await expectSignedIn(await signIn(email, PASSWORD, '203.0.113.30'));
    });

    it('stops a spread-out attack at the per-account cap, for every address, until its window ends', async () => {
      const email = await newAccount(server, kind);
      for (const address of ['192.0.2.1', '192.0.2.2']) {
        for (let n = 0; n < 3; n++) await expectError(await signIn(email, WRONG, address), 401, 'loginFailed');
      }
      await expectWait(await signIn(email, PASSWORD, '192.0.2.3'));
      await expectWait(await signIn(email.toUpperCase(), PASSWORD, '192.0.2.4'));
      // Other accounts are not held back.
      await expectSignedIn(await signIn(await newAccount(server, kind), PASSWORD, '192.0.2.3'));
    });

    it('counts guesses that arrive together: no more than the cap reach the password check', async () => {
      const email = await newAccount(server, kind);
      const responses = await Promise.all(Array.from({ length: 10 }, () => signIn(email, WRONG, '203.0.113.40')));
      expect(responses.map((r) => r.status).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    });

    it('counts an unknown e-mail exactly like a known one', async () => {
      const unknown = uniqueEmail('nobody');
      for (let n = 0; n < 3; n++) await expectError(await signIn(unknown, WRONG, '203.0.113.50'), 401, 'loginFailed');
      await expectWait(await signIn(unknown, WRONG, '203.0.113.50'));
    });
  });

  it('counts customers and staff apart, even on one e-mail', async () => {
    const email = await newAccount(server, 'staff');
    for (let n = 0; n < 3; n++) await expectError(await signInAs(server, 'customer')(email, WRONG, '203.0.113.60'), 401, 'loginFailed');
    await expectWait(await signInAs(server, 'customer')(email, WRONG, '203.0.113.60'));
    await expectSignedIn(await signInAs(server, 'staff')(email, PASSWORD, '203.0.113.60'));
  });
});

describe.each(databases)('client addresses (TRUST_PROXY) on $name', (database: TestDatabase) => {
  const get = (server: TestServer, forwardedFor: string) =>
    fetch(`${server.url}/division_api/get_all_divisions`, { headers: { 'x-forwarded-for': forwardedFor } });

  it('by default ignores X-Forwarded-For: a rotating header gains nothing', async () => {
    const server = await startTestServer(database, { sameDatabaseAs: await shared(database), rateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      for (let n = 1; n <= 5; n++) statuses.push((await get(server, `203.0.113.${n}`)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await server.close();
    }
  });

  it('by default counts password failures by the real address, whatever the header says', async () => {
    const server = await startTestServer(database, { sameDatabaseAs: await shared(database), guessLimit: { max: 3, windowMs: WINDOW_MS } });
    try {
      const email = await newAccount(server, 'customer');
      const signIn = signInAs(server, 'customer');
      for (let n = 1; n <= 3; n++) await expectError(await signIn(email, WRONG, `198.51.100.${n}`), 401, 'loginFailed');
      await expectWait(await signIn(email, PASSWORD, '198.51.100.99'));
    } finally {
      await server.close();
    }
  });

  it.each([
    ['the proxy address', { TRUST_PROXY: '127.0.0.1' }],
    ['a CIDR list', { TRUST_PROXY: '10.0.0.0/8, 127.0.0.0/8' }],
    ['one hop', { TRUST_PROXY: '1' }],
  ])('with TRUST_PROXY set to %s, counts each forwarded client apart', async (_label, env) => {
    const server = await startTestServer(database, { sameDatabaseAs: await shared(database), env, rateLimit: { max: 3, windowMs: 60_000 } });
    try {
      for (let n = 1; n <= 5; n++) expect((await get(server, `203.0.113.${n}`)).status).toBe(200);
      const statuses: number[] = [];
      // The client is the address the proxy appended last, not one the client made up in front of it.
      for (let n = 0; n < 4; n++) statuses.push((await get(server, `10.9.9.${n}, 198.51.100.7`)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await server.close();
    }
  });
});
