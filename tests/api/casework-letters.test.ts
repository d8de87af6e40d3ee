import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { ethiopianYear } from '../../server/calendar/ethiopian-year.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectOk, type Json } from '../helpers/expect-api.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { inkOf, pdfPages, squashed } from '../helpers/pdf-text.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signedStaff, type SignedStaff } from '../helpers/staff-fixture.ts';
import { storedFile, storedFileNames } from '../helpers/stored-files.ts';

const databases = await testDatabases();

/**
 * Formal letters (issue 25): the letter the server writes when the officer uploads none is one
 * the corporation can sign, in the customer's language; its number is given at approval, in the
 * approval's transaction, and the final letter replaces the draft.
 */
describe.each(databases)('the formal response letter on $name', (database) => {
  let server: TestServer;
  const { post, get } = jsonCalls(() => server.url);
  /** The demo customer's pending cases, and a token of theirs. */
  let pending: { id: string; case_number: string; directorate_id: string }[];
  let customer: string;
  let officer: SignedStaff;
  let manager: SignedStaff;

  const respond = (caseId: string, justification: string, letter?: Buffer) => {
    const form = new FormData();
    form.append('justification', justification);
    if (letter) form.append('attachment', new Blob([new Uint8Array(letter)], { type: 'application/pdf' }), 'letter.pdf');
    return fetch(`${server.url}/staff_api/cases/${caseId}/respond`, { method: 'POST', headers: { authorization: `Bearer ${officer.token}` }, body: form });
  };
  const letterOf = async (caseId: string) =>
    (await server.db.query<{ response_attachment: string; response_letter_number: string | null }>(
      'SELECT response_attachment, response_letter_number FROM customer_case WHERE id = $1', [caseId],
    ))[0];
  const textOf = async (name: string) => squashed((await pdfPages(await storedFile(server, 'case-files', name))).join(''));
  const staffRead = async (caseId: string) => (await expectOk(await get(`/staff_api/cases/${caseId}`, manager.token))).response_justification;
  /** A pending case taken by the officer and answered: its draft letter's file name. */
  async function answered(caseId: string, justification: string, letter?: Buffer) {
    await expectOk(await post(`/staff_api/cases/${caseId}/take`, {}, officer.token));
    await expectOk(await respond(caseId, justification, letter));
    return (await letterOf(caseId)).response_attachment;
  }
  const customerName = async () =>
    (await server.db.query<Json>('SELECT firstname, middlename, lastname, subcity, woreda, house_number FROM customer_user WHERE email = $1', [DEMO_CUSTOMER.email]))[0];
  const subjectOf = async (caseId: string, suffix: string) =>
    (await server.db.query<Json>(`SELECT r.case_name_${suffix} AS name FROM case_request r JOIN customer_case c ON c.case_request_id = r.id WHERE c.id = $1`, [caseId]))[0].name as string;

  beforeAll(async () => {
    // The real clock: the staff sessions are signed at it.
    server = await startTestServer(database);
    pending = await server.db.query(
      `SELECT c.id, c.case_number, c.directorate_id FROM customer_case c JOIN customer_user u ON u.id = c.customer_id
       WHERE u.email = $1 AND c.status = 'pending' AND c.directorate_id IS NOT NULL ORDER BY c.created_at`,
      [DEMO_CUSTOMER.email],
    );
    expect(pending.length).toBeGreaterThanOrEqual(3);
    // One directorate for every case here: its officer answers them, its manager approves.
    await server.db.query('UPDATE customer_case SET directorate_id = $1 WHERE id = ANY($2::uuid[])', [pending[0].directorate_id, pending.map((kase) => kase.id)]);
    [officer, manager] = await Promise.all([signedStaff(server, 'officer', pending[0].directorate_id), signedStaff(server, 'manager', pending[0].directorate_id)]);
    customer = (await expectOk(await post('/customer_user_api/login_customer_user', DEMO_CUSTOMER))).token;
  });
  afterAll(() => server?.close());

  it('writes an Amharic customer a draft with letterhead, addressee, subject, both dates, body and officer, but no number', async () => {
    await server.db.query(`UPDATE customer_user SET language = 'am' WHERE email = $1`, [DEMO_CUSTOMER.email]);
    const kase = pending[0];
    const draft = await answered(kase.id, 'ጣሪያዎ ታኅሣሥ 24 ይጠገናል።\n\nYour roof is repaired on 3 December.');
    const text = await textOf(draft);
    const person = await customerName();
    for (const expected of [
      'የቤቶች ልማት ኮርፖሬሽን', 'Housing Development Corporation', // letterhead: the customer's language and English
      [person.firstname, person.middlename, person.lastname].filter(Boolean).join(' '), person.subcity, person.woreda, person.house_number,
      await subjectOf(kase.id, 'am'), kase.case_number, 'ዓ.ም.', String(new Date().getUTCFullYear()),
      'ጣሪያዎ ታኅሣሥ 24 ይጠገናል።', 'Your roof is repaired', officer.name,
    ]) expect(text, expected).toContain(squashed(expected));
    // Labels in Amharic, not English, the page count's too; Ethiopic drawn with real glyphs, not blanks.
    expect(text).not.toContain(squashed('Letter number'));
    expect(text).toContain(squashed('ገጽ 1 / 1'));
    expect(text).not.toContain('Page');
    expect(await inkOf(await storedFile(server, 'case-files', draft), 'ኮርፖ')).toBeGreaterThan(0.02);
    expect(await letterOf(kase.id)).toMatchObject({ response_letter_number: null });
    expect(await staffRead(kase.id)).toEqual({ attachment: draft, letter_number: null });
  });

  it('numbers the letter at approval, writes it again with the approver and replaces the draft', async () => {
    const kase = pending[0];
    const draft = (await letterOf(kase.id)).response_attachment;
    await expectOk(await post(`/staff_api/cases/${kase.id}/approve`, {}, manager.token));
    const { response_attachment: final, response_letter_number: number } = await letterOf(kase.id);
    const [{ verified_date: approvedAt }] = await server.db.query<{ verified_date: Date }>('SELECT verified_date FROM customer_case WHERE id = $1', [kase.id]);
    expect(number).toMatch(new RegExp(`^${kase.case_number.split('-')[0]}/${ethiopianYear(new Date(approvedAt))}/\\d+$`));
    expect(final).not.toBe(draft);
    // The draft is gone; the final letter is kept (claimed) as the case's.
    expect(await storedFileNames(server, 'case-files')).not.toContain(draft);
    if (server.db.kind === 'postgres') {
      expect((await server.db.query('SELECT claimed FROM stored_file WHERE name = $1', [final]))[0]).toEqual({ claimed: true });
    }
    const text = await textOf(final);
    for (const expected of [number!, manager.name, officer.name, 'ጣሪያዎ ታኅሣሥ 24 ይጠገናል።']) expect(text, expected).toContain(squashed(expected));
    // Customer and staff read the number.
    expect(await staffRead(kase.id)).toEqual({ attachment: final, letter_number: number });
    expect((await expectOk(await get(`/customer_case_api/get_case_by_id/${kase.id}`, customer))).response_justification)
      .toEqual({ attachment: final, letter_number: number });
    const [audited] = await server.db.query<Json>(`SELECT after FROM audit_entry WHERE subject_type = 'case' AND subject_id = $1 AND action = 'approve'`, [kase.id]);
    expect(audited.after).toMatchObject({ letter_number: number, response_attachment: final });
  });

  it("prints the letter's number on the staff printout and on the customer's own", async () => {
    const kase = pending[0];
    const number = (await letterOf(kase.id)).response_letter_number!;
    const printed = async (response: Response) => squashed((await pdfPages(new Uint8Array(await response.arrayBuffer()))).join(''));
    const staffCopy = await printed(await get(`/staff_api/cases/${kase.id}/print?language=en`, manager.token));
    expect(staffCopy).toContain(squashed(`Letter number${number}`));
    const name = (await expectOk(await get(`/customer_case_api/print_case/${kase.id}`, customer))).file as string;
    expect(await printed(await get(`/media/CaseFiles/${name}`))).toContain(squashed(`Letter number · የደብዳቤ ቁጥር${number}`));
  });

  it('gives a sent-back letter no number, and the next approval the next number; an uploaded letter is kept as uploaded', async () => {
    await server.db.query(`UPDATE customer_user SET language = 'en' WHERE email = $1`, [DEMO_CUSTOMER.email]);
    const first = (await letterOf(pending[0].id)).response_letter_number!;
    const sequence = Number(first.split('/')[2]);

    const [sentBack, uploaded] = [pending[1], pending[2]];
    const draft = await answered(sentBack.id, 'We repair the roof on Monday.');
    // In English for an English-speaking customer.
    expect(await textOf(draft)).toContain(squashed(`Subject: ${await subjectOf(sentBack.id, 'en')}`));
    await expectOk(await post(`/staff_api/cases/${sentBack.id}/return`, { note: 'Say which team.' }, manager.token));
    expect(await letterOf(sentBack.id)).toMatchObject({ response_letter_number: null });
    expect(await staffRead(sentBack.id)).toMatchObject({ letter_number: null });

    const letter = await answered(uploaded.id, 'See the letter.', tinyPdf('Uploaded letter'));
    await expectOk(await post(`/staff_api/cases/${uploaded.id}/approve`, {}, manager.token));
    expect(await letterOf(uploaded.id)).toEqual({ response_attachment: letter, response_letter_number: first.replace(/\d+$/, String(sequence + 1)) });
    expect(await textOf(letter)).toContain(squashed('Uploaded letter'));

    await expectOk(await respond(sentBack.id, 'Team 2 repairs the roof on Monday.'));
    await expectOk(await post(`/staff_api/cases/${sentBack.id}/approve`, {}, manager.token));
    const numbered = await letterOf(sentBack.id);
    expect(numbered.response_letter_number).toBe(first.replace(/\d+$/, String(sequence + 2)));
    expect(await textOf(numbered.response_attachment)).toContain(squashed(`Letter number: ${numbered.response_letter_number}`));
  });

  it("keeps an admin's letter template per case request, audited, and gives it an officer filled in the customer's language", async () => {
    const admin = await signedStaff(server, 'admin', null);
    const kase = pending[3] ?? pending[0];
    const [{ case_request_id: caseRequest }] = await server.db.query<{ case_request_id: string }>('SELECT case_request_id FROM customer_case WHERE id = $1', [kase.id]);
    const template = (lead: string) => `${lead} {name},\r\n\r\n{case_number} ({filed_date}, {due_date}) {today} {nmae}`;
    const body = { letter_template_en: template('Dear'), letter_template_am: template('ውድ'), letter_template_or: '', letter_template_tg: '', letter_template_sm: '', letter_template_af: '' };
    const save = (token: string) => fetch(`${server.url}/staff_api/admin/case_requests/${caseRequest}/letter_template`, {
      method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    expect((await save(manager.token)).status).toBe(401);
    expect(await expectOk(await save(admin.token))).toMatchObject({ id: caseRequest });
    const [audited] = await server.db.query<Json>(
      `SELECT action, before, after FROM audit_entry WHERE subject_type = 'case_request' AND subject_id = $1 AND actor_id = $2`, [caseRequest, admin.id],
    );
    expect(audited).toMatchObject({ action: 'save_case_request', before: { letter_template_am: '' }, after: { letter_template_am: template('ውድ').replace(/\r\n/g, '\n') } });
    const divisions = await expectOk(await get('/staff_api/admin/divisions', admin.token));
    const listed = divisions.divisions.flatMap((division: Json) => division.case_requests).find((request: Json) => request.id === caseRequest);
    expect(listed).toMatchObject({ letter_template_en: template('Dear').replace(/\r\n/g, '\n'), letter_template_or: '' });

    // The officer reads it in the customer's language, filled; a misspelt placeholder stays for them to fix.
    const person = await customerName();
    const read = async () => (await expectOk(await get(`/staff_api/cases/${kase.id}`, officer.token))).letter_template;
    await server.db.query(`UPDATE customer_user SET language = 'am' WHERE email = $1`, [DEMO_CUSTOMER.email]);
    const filled: string = await read();
    expect(filled.startsWith(`ውድ ${[person.firstname, person.middlename, person.lastname].filter(Boolean).join(' ')},\n\n${kase.case_number} (`)).toBe(true);
    expect(filled).toContain('ዓ.ም.');
    expect(filled).toContain('{nmae}');
    expect(filled).not.toMatch(/\{(name|case_number|filed_date|due_date|today)\}/);
    await server.db.query(`UPDATE customer_user SET language = 'or' WHERE email = $1`, [DEMO_CUSTOMER.email]);
    expect(await read()).toBeNull();
  });
});
