import fs from 'node:fs';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, MAIN_DEMO_DIRECTORATE, type DemoLogin } from '../../server/seed/logins.ts';
import { DEMO_PASSWORD_HASHES } from '../../server/seed/password-hashes.ts';
import { testDatabases } from '../helpers/databases.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { expectOk, type Json } from '../helpers/expect-api.ts';

const databases = await testDatabases();
const DOC = path.resolve(import.meta.dirname, '../../docs/demo-data.md');
const { staff: STAFF, customers: CUSTOMERS } = DEMO_LOGINS;
/** The queue's directorate of a case: its own (migration 022). */
const QUEUE_OF = 'c.directorate_id';
/** What a token says about its holder: the payload of the JWT. */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

/** Every demo log-in (server/seed/logins.ts) works on a freshly seeded server, as the README and docs/demo-data.md say. */
describe.each(databases)('the demo log-ins on $name', (database) => {
  let server: TestServer;
  const post = (route: string, body: unknown) =>
    fetch(`${server.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const get = (route: string, token: string) => fetch(`${server.url}${route}`, { headers: { authorization: `Bearer ${token}` } });
  // The demo admin gives the code of their published secret, as a newcomer following the README would.
  const staffToken = ({ email, password }: DemoLogin) => staffSignIn(server.url, { email, password });
  /** Every case number in a staff user's queue, all pages. */
  async function queueOf(token: string, query = ''): Promise<string[]> {
    const numbers: string[] = [];
    for (let page = 1, pages = 1; page <= pages; page++) {
      const answer: Json = await expectOk(await get(`/staff_api/cases?page=${page}${query}`, token));
      numbers.push(...answer.cases.map((row: Json) => row.case_number));
      pages = answer.totalPages;
    }
    return numbers.sort();
  }
  const directorateNamed = async (name: string) =>
    (await server.db.query<{ id: string }>('SELECT id FROM directorate WHERE name_en = $1', [name]))[0].id;
  /** A directorate's open cases: its officers' and managers' queue shows them and no closed one (issue 24). */
  const casesOfQueue = async (directorateId: string) =>
    (await server.db.query<{ case_number: string }>(
      `SELECT c.case_number FROM customer_case c JOIN case_request r ON r.id = c.case_request_id
       WHERE ${QUEUE_OF} = $1 AND c.status IN ('pending', 'ongoing', 'responded')`, [directorateId],
    )).map((row) => row.case_number).sort();

  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server?.close());

  it("signs in each of the README's staff log-ins with its role", async () => {
    for (const [login, role] of [[STAFF.officer, 'officer'], [STAFF.manager, 'manager'], [STAFF.archivist, 'archivist'],
      [STAFF.admin, 'admin'], [STAFF.acceptor, 'accusation_acceptor']] as const) {
      expect(login.role).toBe(role);
      expect(claimsOf(await staffToken(login)), login.email).toMatchObject({ role });
    }
    expect([STAFF.officer, STAFF.manager, STAFF.archivist, STAFF.admin].map(({ email, password }) => [email, password])).toEqual([
      ['officer@portal.local', 'Officer-Demo-26'], ['manager@portal.local', 'Manager-Demo-26'],
      ['archivist@portal.local', 'Archive-Demo-26'], ['admin@portal.local', 'Admin-Demo-2026'],
    ]);
  });

  it('puts the officer and the manager in one directorate, whose queue they both see with the demo cases in it', async () => {
    const [officer, manager] = await Promise.all([staffToken(STAFF.officer), staffToken(STAFF.manager)]);
    const main = await directorateNamed(MAIN_DEMO_DIRECTORATE);
    const rows = await server.db.query<{ email: string; directorate_id: string }>(
      'SELECT email, directorate_id FROM staff_user WHERE email = ANY($1::text[]) ORDER BY email', [[STAFF.manager.email, STAFF.officer.email]],
    );
    expect(rows).toEqual([{ email: STAFF.manager.email, directorate_id: main }, { email: STAFF.officer.email, directorate_id: main }]);

    const queue = await queueOf(officer);
    expect(queue).toEqual(await casesOfQueue(main));
    expect(await queueOf(manager)).toEqual(queue);
    // Cases to take, and a response waiting for the manager.
    expect(await queueOf(officer, '&status=pending')).not.toEqual([]);
    expect(await queueOf(manager, '&status=responded')).not.toEqual([]);
    // The manager may hand cases to the directorate's officers: this one and Meron, who holds a case.
    const officers: Json[] = await expectOk(await get('/staff_api/officers', manager));
    expect(officers.map((person) => person.firstname).sort()).toEqual([STAFF.meron.firstname, STAFF.officer.firstname].sort());
  });

  it('gives every directorate the demo cases are in an officer and a manager who sign in and see its cases', async () => {
    const queues = await server.db.query<{ id: string; name_en: string }>(
      `SELECT DISTINCT d.id, d.name_en FROM customer_case c JOIN case_request r ON r.id = c.case_request_id JOIN directorate d ON d.id = ${QUEUE_OF}`,
    );
    expect(queues.length).toBeGreaterThan(1);
    for (const { id, name_en } of queues) {
      const cases = await casesOfQueue(id);
      for (const role of ['officer', 'manager'] as const) {
        const people = Object.values(STAFF).filter((person) => person.role === role && 'directorate' in person && person.directorate === name_en);
        expect(people.length, `${role} of ${name_en}`).toBeGreaterThan(0);
        for (const person of people) {
          const token = await staffToken(person);
          expect(claimsOf(token), person.email).toMatchObject({ role });
          expect(await queueOf(token), person.email).toEqual(cases);
        }
      }
    }
  });

  it('has the officers who hold cases hold them: the demo cases under way are in their own "mine"', async () => {
    const holders = Object.values(STAFF).filter((person) => 'holdsCases' in person);
    expect(holders.map((person) => person.email)).toEqual(expect.arrayContaining([STAFF.meron.email, STAFF.dawit.email]));
    for (const holder of holders) expect(await queueOf(await staffToken(holder), '&mine=yes'), holder.email).not.toEqual([]);
    const [{ n }] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM customer_case WHERE status IN ('ongoing', 'responded') AND assigned_to_id IS NULL`,
    );
    expect(n).toBe(0);
  });

  it('lets the archivist see the closed demo cases, the admin every demo staff user, and the customers sign in', async () => {
    expect(await queueOf(await staffToken(STAFF.archivist))).not.toEqual([]);
    const listed: Json[] = (await expectOk(await get('/staff_api/admin/staff', await staffToken(STAFF.admin)))).staff;
    expect(listed.map((person) => person.email)).toEqual(expect.arrayContaining(Object.values(STAFF).map((person) => person.email)));
    for (const customer of Object.values(CUSTOMERS)) {
      expect((await expectOk(await post('/customer_user_api/login_customer_user', customer))).token).toBeTruthy();
    }
  });
});

describe('the demo passwords', () => {
  const passwords = [...Object.values(CUSTOMERS), ...Object.values(STAFF)].map((login) => login.password);

  it('each have a hash made in advance that verifies, so a seed hashes none (server/seed/password-hashes.ts)', async () => {
    expect(Object.keys(DEMO_PASSWORD_HASHES).sort()).toEqual([...new Set(passwords)].sort());
    for (const password of passwords) expect(await verify(DEMO_PASSWORD_HASHES[password], password), password).toBe(true);
  });
});

describe('docs/demo-data.md', () => {
  it('lists every demo log-in with its password', () => {
    const doc = fs.readFileSync(DOC, 'utf8');
    for (const { email, password } of [...Object.values(CUSTOMERS), ...Object.values(STAFF)]) {
      expect(doc, email).toContain(`\`${email}\``);
      expect(doc, password).toContain(`\`${password}\``);
    }
  });
});
