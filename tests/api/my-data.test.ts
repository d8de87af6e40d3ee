import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenSecret } from '../../server/auth/secret.ts';
import { createTokenSigner, type TokenSigner } from '../../server/auth/tokens.ts';
import { DEMO_CUSTOMER, SECOND_DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { nextTuesdayAt } from '../helpers/clock.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectOk, type Json } from '../helpers/expect-api.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { inkOf, pdfPages, squashed } from '../helpers/pdf-text.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

const databases = await testDatabases();

/**
 * Issue 28, "my data": a signed-in customer downloads everything the portal holds about them,
 * as JSON and as a PDF in their language. Checked against the database: every row of theirs
 * (cases in several states with their answers and history, a request for information answered
 * with a PDF, a rating, files, notices by each channel, SMS, the Telegram link, the channel
 * choice) is in the export, and nothing of another customer's.
 */
describe.each(databases)('my data on $name', (database) => {
  let server: TestServer;
  let signer: TokenSigner;
  let me: { id: string; phone: string; firstname: string; lastname: string };
  let other: { id: string; email: string; firstname: string; lastname: string };
  const clock = { now: nextTuesdayAt('07:00') };
  const { post, get } = jsonCalls(() => server.url);
  const token = (id = me.id) => signer.sign(id, 'customer', 3600, clock.now).token;
  const ids = (rows: Json[], key = 'id') => rows.map((row) => String(row[key])).sort();
  const rowsOf = (sql: string, params: unknown[] = [me.id]) => server.db.query<Json>(sql, params);

  beforeAll(async () => {
    server = await startTestServer(database, { clock: () => clock.now, notifyPollMs: 24 * 3_600_000 });
    signer = createTokenSigner(await loadTokenSecret(server.db, server.config.tokenSecret));
    [me] = await server.db.query('SELECT id, phone, firstname, lastname FROM customer_user WHERE email = $1', [DEMO_CUSTOMER.email]);
    [other] = await server.db.query('SELECT id, email, firstname, lastname FROM customer_user WHERE email = $1', [SECOND_DEMO_CUSTOMER.email]);
    // The other customer has a case of their own, with a distinctive name to look for.
    await server.db.query("UPDATE customer_user SET firstname = 'Zerihun', lastname = 'Otherperson' WHERE id = $1", [other.id]);
    await server.db.query(
      `INSERT INTO customer_case (case_number, customer_id, division_id, case_request_id, remark, directorate_id, due_at, created_at)
       SELECT 'HDC-2097-000001', $1, division_id, case_request_id, 'Not yours', directorate_id, now() + interval '10 days', now()
       FROM customer_case ORDER BY created_at LIMIT 1`,
      [other.id],
    );

    // An officer takes one of my pending cases (a notice by every channel is queued), and asks me for a document.
    const [{ id: directorate }] = await server.db.query<{ id: string }>('SELECT id FROM directorate ORDER BY created_at LIMIT 1');
    await server.db.query('UPDATE customer_case SET directorate_id = $1 WHERE customer_id = $2', [directorate, me.id]);
    const officerId = await addStaff(server.db, {
      email: `officer-${randomUUID()}@portal.test`, password_hash: await hash('Staff12345'), firstname: 'Almaz', middlename: '', lastname: 'Officer',
      role: 'officer', directorate_id: directorate,
    }, new Date(clock.now - 1000));
    const officer = signer.sign(officerId, 'officer', 3600, clock.now).token;
    const [pending] = await rowsOf("SELECT id FROM customer_case WHERE customer_id = $1 AND status = 'pending' ORDER BY created_at LIMIT 1");
    await expectOk(await post(`/staff_api/cases/${pending.id}/take`, {}, officer));
    await expectOk(await post(`/staff_api/cases/${pending.id}/request_information`, { message: 'Please send the title deed.' }, officer));
    const form = new FormData();
    form.append('text', 'Here is the title deed.');
    form.append('attachment', new Blob([new Uint8Array(tinyPdf('Inside the deed 4711'))], { type: 'application/pdf' }), 'deed.pdf');
    await expectOk(await fetch(`${server.url}/customer_case_api/answer_information_request/${pending.id}`, {
      method: 'POST', body: form, headers: { authorization: `Bearer ${token()}` },
    }));
    // Another pending case of mine I withdraw.
    const [another] = await rowsOf("SELECT id FROM customer_case WHERE customer_id = $1 AND status = 'pending' ORDER BY created_at LIMIT 1");
    await expectOk(await post(`/customer_case_api/withdraw_case/${another.id}`, undefined, token()));
    // A rating with a comment on a verified case of mine not yet rated.
    const [verified] = await rowsOf(
      "SELECT c.id FROM customer_case c WHERE c.customer_id = $1 AND c.status = 'verified' AND NOT EXISTS (SELECT 1 FROM case_rating r WHERE r.case_id = c.id) LIMIT 1",
    );
    await expectOk(await post('/div_rate/create_custrate', { rateNum: 4, rateCase: verified.id, comment: 'Quick and kind.' }, token()), 201);
    // An SMS to my phone (a code), my linked Telegram chat and my choice of channels.
    await server.db.query("INSERT INTO sms_message (phone, state, created_at, updated_at) VALUES ($1, 'delivered', now(), now())", [me.phone]);
    await server.db.query("INSERT INTO sms_message (phone, state, created_at, updated_at) VALUES ('+251900000001', 'sent', now(), now())");
    await server.db.query('INSERT INTO telegram_chat (chat_id, language, customer_id, linked_at, updated_at) VALUES (770011, $2, $1, now(), now())', [me.id, 'am']);
    await server.db.query('INSERT INTO telegram_chat (chat_id, language, customer_id, linked_at, updated_at) VALUES (770022, $2, $1, now(), now())', [other.id, 'en']);
    await server.db.query('INSERT INTO customer_notice_choice (customer_id, mail, sms, telegram) VALUES ($1, true, false, true)', [me.id]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('holds every row of theirs, as they see it, and nothing of anyone else’s', async () => {
    const response = await get('/customer_user_api/my_data', token());
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="my-data.json"');
    expect(response.headers.get('cache-control')).toContain('no-store');
    const text = await response.clone().text();
    const data: Json = await expectOk(response);

    // The profile, without the password hash.
    expect(data.profile).toMatchObject({ id: me.id, firstname: me.firstname, lastname: me.lastname, phone: me.phone, email: DEMO_CUSTOMER.email });
    expect(text).not.toContain('password');
    expect(text).not.toContain('argon2');

    // Every case, in several states, each with its answers, and exactly as the case page shows it.
    const cases = await rowsOf('SELECT id, status FROM customer_case WHERE customer_id = $1');
    expect(ids(data.cases, '_id')).toEqual(ids(cases));
    expect(new Set(cases.map((c) => c.status)).size).toBeGreaterThanOrEqual(4);
    expect(data.cases.map((c: Json) => c.status)).toContain('withdrawn');
    for (const kase of data.cases as Json[]) {
      const [{ n }] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM case_answer WHERE case_id = $1', [kase._id]);
      expect(kase.list_of_question).toHaveLength(n);
      expect(kase).toEqual(await expectOk(await get(`/customer_case_api/get_case_by_id/${kase._id}`, token())));
    }
    const asked = (data.cases as Json[]).flatMap((c) => c.information_requests);
    expect(ids(asked, '_id')).toEqual(ids(await rowsOf('SELECT q.id FROM information_request q JOIN customer_case c ON c.id = q.case_id WHERE c.customer_id = $1')));
    expect(asked.some((q) => q.answer?.text === 'Here is the title deed.')).toBe(true);
    // The history as the history page shows it: every state change the customer sees.
    expect(data.history).toEqual(await expectOk(await get('/customer_case_history_api/get_case_history', token())));
    expect(data.history.length).toBeGreaterThanOrEqual(cases.length);

    expect(ids(data.ratings)).toEqual(ids(await rowsOf('SELECT id FROM case_rating WHERE customer_id = $1')));
    expect(data.ratings.map((r: Json) => r.comment)).toContain('Quick and kind.');

    // Every file of theirs by name, with its size as stored and a date; never the bytes.
    const files = await rowsOf(
      `SELECT attachment AS name FROM customer_case WHERE customer_id = $1 AND attachment IS NOT NULL
       UNION ALL SELECT response_attachment FROM customer_case WHERE customer_id = $1 AND response_attachment IS NOT NULL AND verified_date IS NOT NULL
       UNION ALL SELECT q.answer_attachment FROM information_request q JOIN customer_case c ON c.id = q.case_id WHERE c.customer_id = $1 AND q.answer_attachment IS NOT NULL
       UNION ALL SELECT v.letter FROM case_review v JOIN customer_case c ON c.id = v.case_id WHERE c.customer_id = $1 AND v.letter IS NOT NULL
       UNION ALL SELECT picture FROM customer_user WHERE id = $1 AND picture IS NOT NULL`,
    );
    expect(files.length).toBeGreaterThan(0);
    expect(ids(data.files, 'name')).toEqual(ids(files, 'name'));
    const deed = (data.files as Json[]).find((f) => f.kind === 'information_answer');
    expect(deed).toMatchObject({ area: 'case-files', size: tinyPdf('Inside the deed 4711').length });
    expect(deed!.date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(text).not.toContain('Inside the deed 4711');

    // Every notice queued for them, by each channel, and every SMS to their phone or of their notices.
    const notices = await rowsOf('SELECT id::text AS id, channel FROM notification_job WHERE customer_id = $1');
    expect(notices.length).toBeGreaterThan(0);
    expect(ids(data.notices)).toEqual(ids(notices));
    expect(new Set(data.notices.map((n: Json) => n.channel))).toEqual(new Set(notices.map((n) => n.channel)));
    const sms = await rowsOf(
      'SELECT id::text AS id FROM sms_message WHERE phone = $2 OR job_id IN (SELECT id FROM notification_job WHERE customer_id = $1)', [me.id, me.phone],
    );
    expect(sms.length).toBeGreaterThan(0);
    expect(ids(data.sms)).toEqual(ids(sms));
    expect(data.telegram).toMatchObject({ chat_id: '770011', language: 'am' });
    expect(data.notice_channels.choice).toEqual({ mail: true, sms: false, telegram: true });

    // Nothing of the other customer's: their case, name, e-mail or chat.
    for (const theirs of ['HDC-2097-000001', 'Not yours', 'Zerihun', 'Otherperson', other.email, '770022', '+251900000001']) expect(text).not.toContain(theirs);
  });

  it('answers only with a session', async () => {
    expect((await get('/customer_user_api/my_data')).status).toBe(401);
    expect((await get('/customer_user_api/my_data.pdf')).status).toBe(401);
  });

  it('draws the same as a PDF with their name and case numbers, in English and in Amharic', async () => {
    const numbers = (await rowsOf('SELECT case_number FROM customer_case WHERE customer_id = $1')).map((row) => row.case_number as string);
    for (const [language, title] of [['en', 'My data'], ['am', 'የእኔ መረጃ']] as const) {
      const response = await get(`/customer_user_api/my_data.pdf?language=${language}`, token());
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="my-data.pdf"');
      expect(response.headers.get('cache-control')).toContain('no-store');
      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = squashed((await pdfPages(bytes)).join(''));
      expect(text).toContain(squashed(`${me.firstname}`));
      expect(text).toContain(squashed(me.lastname));
      for (const number of numbers) expect(text).toContain(number);
      expect(text).toContain(squashed(title));
      expect(text).toContain('Quickandkind.');
      expect(text).not.toContain('HDC-2097-000001');
      // The text is drawn, not only extractable (TOOLCHAIN pitfall 9).
      expect(await inkOf(bytes, me.lastname)).toBeGreaterThan(0.02);
    }
    // Without a language, the customer's own (the demo customer reads Amharic).
    const [{ language }] = await rowsOf('SELECT language FROM customer_user WHERE id = $1');
    const own = squashed((await pdfPages(new Uint8Array(await (await get('/customer_user_api/my_data.pdf', token())).arrayBuffer()))).join(''));
    expect(own).toContain(squashed(language === 'en' ? 'My data' : 'የእኔ መረጃ'));
  });
});
