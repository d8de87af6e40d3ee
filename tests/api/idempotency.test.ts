import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const databases = await testDatabases();

type Fields = Record<string, string>;

/**
 * Issue 12 and the IETF Idempotency-Key draft: a key answers its first receipt only for
 * the same request (fields and file bytes); the same key with another body is 422, with
 * the server's words in every language, and stores nothing.
 */
describe.each(databases)('Idempotency-Key on $name', (database) => {
  let server: TestServer;
  let token: string;

  const send = (path: string, key: string, fields: Fields, pdf?: Buffer, bearer?: string) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (pdf) form.append('attachment', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'evidence.pdf');
    const headers: Record<string, string> = { 'idempotency-key': key };
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    return fetch(`${server.url}${path}`, { method: 'POST', body: form, headers });
  };
  const count = async (sql: string, params: unknown[]) => (await server.db.query<{ n: number }>(sql, params))[0].n;

  beforeAll(async () => {
    server = await startTestServer(database, { submissionLimit: { max: 1000, windowMs: 60_000 } });
    const login = await fetch(`${server.url}/customer_user_api/login_customer_user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_CUSTOMER),
    });
    token = (await expectOk(login)).token;
  });
  afterAll(() => server?.close());

  describe('create_accusation', () => {
    const path = '/accusation_acceptor_api/create_accusation';
    const accusation = (subject: string) => ({ subject, description: 'A repeat must be the same filing.' });

    it('answers the first reference to the same fields and file, and 422 to other fields or another file', async () => {
      const key = randomUUID();
      const subject = `Keyed ${key}`;
      const first = await expectOk(await send(path, key, accusation(subject), tinyPdf('one')), 201);
      // Part order does not matter: the same fields in another order are the same request.
      const reordered = { description: accusation(subject).description, subject };
      expect((await expectOk(await send(path, key, reordered, tinyPdf('one')), 201)).reference).toBe(first.reference);

      const otherText = await expectError(await send(path, key, accusation(`${subject} edited`), tinyPdf('one')), 422, 'idempotencyKeyReused');
      expect(otherText.Message_en).toMatch(/differs from the one first sent/);
      expect(otherText.Message_am).toMatch(/[\u1200-\u137F]/);
      expect(otherText).not.toHaveProperty('reference');
      await expectError(await send(path, key, accusation(subject), tinyPdf('two')), 422, 'idempotencyKeyReused');
      await expectError(await send(path, key, accusation(subject)), 422, 'idempotencyKeyReused');

      expect(await count('SELECT count(*) AS n FROM accusation WHERE subject LIKE $1', [`${subject}%`])).toBe(1);
    });
  });

  describe('create_case', () => {
    const path = '/customer_case_api/create_case';
    let application: (remark: string) => Fields;

    beforeAll(async () => {
      const caseRequests: Json[] = await expectOk(await fetch(`${server.url}/case_list_api/get_all_case_list`));
      const questions: Json[] = await expectOk(await fetch(`${server.url}/questions_api/get_all_questions`));
      const buy = caseRequests.find((r) => r.case_name_en === 'Buying a corporation house')!;
      const [houseNumber, householdSize, paymentMethod, description] = questions.filter((q) => q.caselist._id === buy._id);
      application = (remark) => ({
        division: buy.division._id,
        caselist: buy._id,
        form: JSON.stringify([
          { [houseNumber._id]: 'B-7/12' },
          { [householdSize._id]: '4' },
          { [paymentMethod._id]: paymentMethod.enumValues[0].expectedValues.value_en },
          { [description._id]: 'Sent twice by the outbox.' },
        ]),
        remark,
      });
    });

    it('answers the first case number to the same application, and 422 to another remark or another file', async () => {
      const key = `outbox-${randomUUID()}`;
      const remark = `Keyed ${key}`;
      const first = await expectOk(await send(path, key, application(remark), tinyPdf('one'), token), 201);
      expect(await expectOk(await send(path, key, application(remark), tinyPdf('one'), token), 201)).toEqual(first);

      const otherRemark = await expectError(await send(path, key, application(`${remark} edited`), tinyPdf('one'), token), 422, 'idempotencyKeyReused');
      expect(otherRemark).not.toHaveProperty('case_number');
      await expectError(await send(path, key, application(remark), tinyPdf('two'), token), 422, 'idempotencyKeyReused');

      expect(await count('SELECT count(*) AS n FROM customer_case WHERE remark LIKE $1', [`${remark}%`])).toBe(1);
    });

    it('still answers the first receipt for a case filed before fingerprints were kept', async () => {
      const key = `outbox-${randomUUID()}`;
      const remark = `Before migration 007 ${key}`;
      const first = await expectOk(await send(path, key, application(remark), undefined, token), 201);
      await server.db.query('UPDATE customer_case SET idempotency_fingerprint = NULL WHERE idempotency_key = $1', [key]);
      expect(await expectOk(await send(path, key, application(`${remark} edited`), undefined, token), 201)).toEqual(first);
    });
  });
});
