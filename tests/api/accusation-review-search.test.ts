import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { expectOk, type Json } from '../helpers/expect-api.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addStaff } from '../helpers/staff-fixture.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';

const databases = await testDatabases();
const PASSWORD = 'Ethics12345';

/** Defect 14: a complainant who calls with their reference is found by it, however they read it out. */
describe.each(databases)('the ethics inbox by reference on $name', (database) => {
  let server: TestServer;
  let ethics: string;
  const { get } = jsonCalls(() => server.url);
  const references: string[] = [];

  /** An anonymous accusation (no name, no phone): only its reference finds it. */
  async function fileAnonymously(): Promise<string> {
    const form = new FormData();
    form.append('subject', `Bribe ${randomUUID()}`);
    form.append('description', 'Someone asked me for money.');
    const { reference } = await expectOk(await fetch(`${server.url}/accusation_acceptor_api/create_accusation`, { method: 'POST', body: form }), 201);
    return reference;
  }
  const found = async (reference: string): Promise<string[]> => {
    const page = await expectOk(await get(`/staff_api/accusations?reference=${encodeURIComponent(reference)}`, ethics));
    return page.accusations.map((accusation: Json) => accusation.reference);
  };

  beforeAll(async () => {
    server = await startTestServer(database, { submissionLimit: { max: 1000, windowMs: 60_000 } });
    const email = `ethics-${randomUUID()}@portal.test`;
    await addStaff(server.db, { email, password_hash: await hash(PASSWORD), firstname: 'Selam', middlename: '', lastname: 'Tesfaye', role: 'accusation_acceptor', directorate_id: null });
    ethics = await staffSignIn(server.url, { email, password: PASSWORD });
    for (let n = 0; n < 3; n++) references.push(await fileAnonymously());
  });
  afterAll(() => server?.close());

  it('finds one accusation by its whole reference in any case, by its number part, and by a piece of it', async () => {
    const [, second] = references;
    const number = second.split('-')[2];
    expect(number).toMatch(/^\d{6}$/);
    expect(await found(second)).toEqual([second]);
    expect(await found(second.toLowerCase())).toEqual([second]);
    expect(await found(`  ${second.toLowerCase()} `)).toEqual([second]);
    expect(await found(number)).toEqual([second]);
    // The digits without their zeros, as people say them.
    expect(await found(String(Number(number)))).toEqual([second]);
    // A piece is a piece: the year part finds these three, and only that year's.
    const year = await found(second.slice(0, 8).toLowerCase());
    expect(year).toEqual(expect.arrayContaining(references));
    expect(year.every((reference) => reference.startsWith(second.slice(0, 8)))).toBe(true);
  });

  it('finds nothing for a reference that is not there, and treats LIKE wildcards as text', async () => {
    expect(await found('ACC-1999-000001')).toEqual([]);
    expect(await found('999999')).toEqual([]);
    expect(await found('%')).toEqual([]);
    expect(await found('ACC_')).toEqual([]);
  });

  it('narrows the other filters: a reference and a state together', async () => {
    const [first] = references;
    expect(await found(first)).toEqual([first]);
    const page = await expectOk(await get(`/staff_api/accusations?reference=${first}&status=closed`, ethics));
    expect(page.accusations).toEqual([]);
    expect(page.total).toBe(0);
  });
});
