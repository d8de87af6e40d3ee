import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../server/auth/tokens.ts';
import { DEMO_CUSTOMER, SECOND_DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectOk } from '../helpers/expect-api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { storedFile } from '../helpers/stored-files.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

const databases = await testDatabases();
const PASSWORD = 'Staff12345';

/**
 * Staff read a case's PDFs on its page (issue 15): the request names the case, and the
 * file opens exactly when that staff user may read the case (staffGetCase's rule) and the
 * file is that case's attachment or letter. Every other request gets the 404 a file that
 * does not exist gets.
 */
describe.each(databases)('case PDFs for staff on $name', (database) => {
  let server: TestServer;
  let kase: { id: string; attachment: string; response_attachment: string };
  let otherCase: string;
  let directorate: string;
  let otherDirectorate: string;
  const tokens: Partial<Record<string, string>> = {};

  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  async function staffToken(role: StaffRole, directorateId: string | null): Promise<string> {
    const email = `${role}-${randomUUID()}@portal.test`;
    await addStaff(server.db, {
      email, password_hash: await hash(PASSWORD), firstname: 'Tigist', middlename: '', lastname: 'Alemu', role, directorate_id: directorateId,
    }, new Date(Date.now() - 1000));
    return (await expectOk(await post('/staff_api/login', { email, password: PASSWORD }))).token;
  }
  const customerToken = async (who: { email: string; password: string }) =>
    (await expectOk(await post('/customer_user_api/login_customer_user', who))).token;
  const open = (file: string, token?: string, caseId: string | null = kase.id) =>
    fetch(`${server.url}/media/CaseFiles/${file}${caseId ? `?case=${caseId}` : ''}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    server = await startTestServer(database);
    // The demo's answered purchase: the customer's PDF and the response letter.
    [kase] = await server.db.query<typeof kase & { case_request_id: string }>(
      `SELECT id, attachment, response_attachment, case_request_id FROM customer_case
       WHERE attachment IS NOT NULL AND response_attachment IS NOT NULL ORDER BY created_at LIMIT 1`,
    );
    [{ id: directorate }, { id: otherDirectorate }] = await server.db.query<{ id: string }>('SELECT id FROM directorate ORDER BY created_at LIMIT 2');
    // Its case request is handled by the first directorate, as an administrator would set it.
    await server.db.query(
      'UPDATE case_request SET directorate_id = $1 WHERE id = (SELECT case_request_id FROM customer_case WHERE id = $2)',
      [directorate, kase.id],
    );
    // Another case the officers may read, with files of its own.
    [{ id: otherCase }] = await server.db.query<{ id: string }>(
      `UPDATE case_request SET directorate_id = $1
       WHERE id = (SELECT case_request_id FROM customer_case WHERE id <> $2 AND case_request_id <> (SELECT case_request_id FROM customer_case WHERE id = $2) LIMIT 1)
       RETURNING (SELECT c.id FROM customer_case c WHERE c.case_request_id = case_request.id LIMIT 1) AS id`,
      [directorate, kase.id],
    );
    // A case keeps the directorate it was filed into (migration 022): these two are moved there too.
    await server.db.query('UPDATE customer_case SET directorate_id = $1 WHERE id = ANY($2::uuid[])', [directorate, [kase.id, otherCase]]);
    tokens.officer = await staffToken('officer', directorate);
    tokens.manager = await staffToken('manager', directorate);
    tokens.strangerOfficer = await staffToken('officer', otherDirectorate);
    tokens.ethics = await staffToken('accusation_acceptor', null);
    tokens.owner = await customerToken(DEMO_CUSTOMER);
    tokens.otherCustomer = await customerToken(SECOND_DEMO_CUSTOMER);
  });
  afterAll(() => server?.close());

  it("opens the case's attachment and response letter for the officers and managers of its directorate", async () => {
    for (const who of ['officer', 'manager']) {
      for (const file of [kase.attachment, kase.response_attachment]) {
        const response = await open(file, tokens[who]);
        expect(response.status, `${who} ${file}`).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        expect(response.headers.get('cache-control')).toBe('private, no-store');
        expect(Buffer.from(await response.arrayBuffer())).toEqual(await storedFile(server, 'case-files', file));
      }
    }
    // The owner still opens it as before, with or without the case named.
    expect((await open(kase.attachment, tokens.owner, null)).status).toBe(200);
    expect((await open(kase.attachment, tokens.owner)).status).toBe(200);
  });

  it('answers 404 to anyone else, and to a request that does not name the case the file belongs to', async () => {
    const refused: [string, Response][] = [
      ['officer of another directorate', await open(kase.attachment, tokens.strangerOfficer)],
      ['ethics user', await open(kase.attachment, tokens.ethics)],
      ['another customer', await open(kase.attachment, tokens.otherCustomer)],
      ['no token', await open(kase.attachment)],
      ['no case named', await open(kase.attachment, tokens.officer, null)],
      ['another case of the directorate', await open(kase.attachment, tokens.officer, otherCase)],
      ['not a case id', await open(kase.attachment, tokens.officer, 'not-a-uuid')],
      ['a file of no case', await open(`${randomUUID()}.pdf`, tokens.officer)],
    ];
    for (const [who, response] of refused) expect(response.status, who).toBe(404);
    // The other case is one the officer reads: only the file is not its.
    expect((await fetch(`${server.url}/staff_api/cases/${otherCase}`, { headers: { authorization: `Bearer ${tokens.officer}` } })).status).toBe(200);
  });
});
