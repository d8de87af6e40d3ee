import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import type { StaffRole } from '../../server/auth/tokens.ts';
import { testDatabases } from '../helpers/databases.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { inkOf, pdfPages, squashed } from '../helpers/pdf-text.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { addStaff } from '../helpers/staff-fixture.ts';
import { clockTime } from '../../server/pdf/staff-case-pdf.ts';

/**
 * Issue 24, "Print from the staff page": staffPrintCase answers the case for the paper file as
 * a PDF, with the staff history (names, times) and internal notes marked as the staff's, in
 * the reader's language, to whoever may read the case; the customer's printout never holds a note.
 */
const databases = await testDatabases();
const PASSWORD = 'Staff12345';
const NOTE = 'Called the customer: the roof leaks at the back of the house.';
const RESPONSE = 'The maintenance team will repair the roof within ten working days.';

describe.each(databases)('the staff printout on $name', (database) => {
  let server: TestServer;
  const now = Date.now();
  let passwordHash: string;
  const { post, get } = jsonCalls(() => server.url);

  async function staff(role: StaffRole, directorate: string | null, names = { firstname: 'Almaz', lastname: 'Bekele' }) {
    const email = `${role}-${randomUUID()}@portal.test`;
    const id = await addStaff(server.db, { email, password_hash: passwordHash, middlename: '', ...names, role, directorate_id: directorate }, new Date(now - 1000));
    return { token: await staffSignIn(server.url, { email, password: PASSWORD }, { clock: () => now }), id };
  }
  /** The demo customer's oldest case in this state, with its directorate and that directorate's names. */
  async function demoCase(status: string) {
    const [row] = await server.db.query<{ id: string; directorate_id: string; directorate_en: string; directorate_am: string }>(
      `SELECT c.id, c.directorate_id, d.name_en AS directorate_en, d.name_am AS directorate_am
       FROM customer_case c JOIN customer_user u ON u.id = c.customer_id JOIN directorate d ON d.id = c.directorate_id
       WHERE c.status = $1 AND u.email = $2 ORDER BY c.created_at LIMIT 1`, [status, DEMO_CUSTOMER.email],
    );
    return row;
  }
  const print = (id: string, token?: string, language = 'en') => get(`/staff_api/cases/${id}/print?language=${language}`, token);
  async function printed(response: Response) {
    expect(response.status, await response.clone().text().catch(() => '')).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    return { bytes, text: squashed((await pdfPages(bytes)).join('')) };
  }

  beforeAll(async () => {
    server = await startTestServer(database, { clock: () => now });
    passwordHash = await hash(PASSWORD);
  });
  afterAll(() => server?.close());

  it("prints the case with its answers and its staff history, names, times and internal notes marked as the staff's, in the reader's language", async () => {
    const target = await demoCase('pending');
    const officer = await staff('officer', target.directorate_id, { firstname: 'Selam', lastname: 'Tesfaye' });
    await expectOk(await post(`/staff_api/cases/${target.id}/take`, {}, officer.token));
    await expectOk(await post(`/staff_api/cases/${target.id}/notes`, { text: NOTE }, officer.token));
    const read = await expectOk(await get(`/staff_api/cases/${target.id}`, officer.token));

    const response = await print(target.id, officer.token);
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="${read.case_number}.pdf"`);
    const { text } = await printed(response);
    const answered = read.list_of_question.find((entry: Json) => entry.question.enumValues.length === 0 && entry.answer)!;
    for (const wanted of [
      read.case_number, read.caselist.case_name_en, read.division.name_en, target.directorate_en,
      `${read.customer.firstname} ${read.customer.middlename} ${read.customer.lastname}`, read.customer.phone, read.customer.subcity,
      answered.question.name_en, answered.answer,
      'Staff case printout', 'Status', 'in progress', 'Due date', 'Assigned to', 'Selam Tesfaye',
      'History', 'Filed by the customer', 'System', 'Taken — Selam Tesfaye',
      `Internal note — staff only — Selam Tesfaye`, NOTE,
    ]) expect(text, wanted).toContain(squashed(wanted));
    // Each entry with its time of day in Addis Ababa.
    const taken = read.history.find((entry: Json) => entry.action === 'take');
    const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Addis_Ababa' }).format(new Date(taken.at));
    expect(text).toContain(squashed(time));

    // In Amharic: the labels, names and answers in Amharic, drawn with Ethiopic glyphs.
    const amharic = await printed(await print(target.id, officer.token, 'am'));
    // Its time in the Ethiopian hour count, which Amharic readers use (10:00 would read as 4 p.m.).
    for (const wanted of [read.caselist.case_name_am, read.division.name_am, target.directorate_am, 'የውስጥ ማስታወሻ', NOTE, clockTime(new Date(taken.at), 'am')]) {
      expect(amharic.text, wanted).toContain(squashed(wanted));
    }
    expect(amharic.text).not.toContain(squashed('Customer information'));
    expect(await inkOf(amharic.bytes, read.case_number)).toBeGreaterThan(0.1);
    expect(await inkOf(amharic.bytes, read.division.name_am)).toBeGreaterThan(0.05);

    // Once answered, the response as its officer wrote it, and who did.
    const form = new FormData();
    form.append('justification', RESPONSE);
    await expectOk(await fetch(`${server.url}/staff_api/cases/${target.id}/respond`, { method: 'POST', headers: { authorization: `Bearer ${officer.token}` }, body: form }));
    const answeredText = (await printed(await print(target.id, officer.token))).text;
    for (const wanted of ['waiting for approval', 'Response', 'Responded by', 'Selam Tesfaye', RESPONSE, 'Response written — Selam Tesfaye']) {
      expect(answeredText, wanted).toContain(squashed(wanted));
    }

    // The customer's own printout (SPEC's) never holds a note.
    const customer = (await expectOk(await post('/customer_user_api/login_customer_user', DEMO_CUSTOMER))).token as string;
    const name = (await expectOk(await get(`/customer_case_api/print_case/${target.id}`, customer))).file as string;
    const theirs = await printed(await get(`/media/CaseFiles/${name}`));
    expect(theirs.text).toContain(squashed(read.case_number));
    for (const secret of [NOTE, 'Internal note', 'የውስጥ ማስታወሻ']) expect(theirs.text).not.toContain(squashed(secret));
  });

  it('prints a closed case for the archive with its rejection', async () => {
    const archivist = await staff('archivist', null);
    const rejected = await demoCase('rejected');
    const [{ rejection_justification: why }] = await server.db.query<{ rejection_justification: string }>(
      'SELECT rejection_justification FROM customer_case WHERE id = $1', [rejected.id],
    );
    const rejection = (await printed(await print(rejected.id, archivist.token))).text;
    for (const wanted of ['rejected', 'Rejection', 'Rejected by', why]) expect(rejection, wanted).toContain(squashed(wanted));
  });

  it('prints nothing for anyone who may not read the case', async () => {
    const target = await demoCase('ongoing');
    const [{ id: elsewhere }] = await server.db.query<{ id: string }>('SELECT id FROM directorate WHERE id <> $1 LIMIT 1', [target.directorate_id]);
    await expectError(await print(target.id, (await staff('officer', elsewhere)).token), 404, 'notFound');
    await expectError(await print(target.id, (await staff('manager', elsewhere)).token), 404, 'notFound');
    // An open case is not the archive's.
    await expectError(await print(target.id, (await staff('archivist', null)).token), 404, 'notFound');
    await expectError(await print(target.id, (await staff('accusation_acceptor', null)).token), 401, 'sessionInvalid');
    const customer = (await expectOk(await post('/customer_user_api/login_customer_user', DEMO_CUSTOMER))).token as string;
    await expectError(await print(target.id, customer), 401, 'sessionInvalid');
    await expectError(await print(target.id), 401, 'unauthorized');
    const officer = await staff('officer', target.directorate_id);
    await expectError(await print(randomUUID(), officer.token), 404, 'notFound');
    await expectError(await print(target.id, officer.token, 'fr'), 400, 'invalidRequest');
    expect((await print(target.id, officer.token, 'so')).status).toBe(200);
  });
});
