import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSmsTransport } from '../../server/notifications/sms.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { newPhone } from '../helpers/phone-forms.ts';
import { fileServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { startSmsGateway, type SmsGateway } from '../helpers/sms-gateway.ts';
import { addStaff } from '../helpers/staff-fixture.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';
import { pendingCases } from '../helpers/pending-cases.ts';

/**
 * Issue 26, a real SMS gateway: the portal posts its SMS to a gateway's HTTP API (here a
 * server this file starts on 127.0.0.1, tests/helpers/sms-gateway.ts, which records what it is sent), takes its delivery
 * receipts and the messages customers send at webhooks that want the shared secret, and
 * answers a case number by SMS.
 */
const databases = await testDatabases();
// Only the test sends the notices: the timer would race it.
const NEVER = 24 * 60 * 60_000;
const PASSWORD = 'Staff12345';
const SECRET = 'gateway-webhook-secret-1234';
const GATEWAY_AUTH = 'Bearer gateway-key-5678';
const DAILY_CAP = 3;


/** The Addis Ababa morning of 24 November 2026 (15 ኅዳር 2019); each database's run starts there. */
const START = Date.parse('2026-11-24T07:30:00Z');
const clock = { now: START };

let gateway: SmsGateway | undefined;
afterAll(() => gateway?.close());
const gatewayOptions = async () => {
  gateway ??= await startSmsGateway();
  return {
    env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: gateway.url, SMS_HTTP_AUTH: GATEWAY_AUTH, SMS_SENDER: 'HDC', SMS_WEBHOOK_SECRET: SECRET, SMS_DAILY_CAP: String(DAILY_CAP) },
    notifyPollMs: NEVER,
    clock: () => clock.now,
  };
};
const shared = fileServer(gatewayOptions);

describe.each(databases)('the SMS gateway on $name', (database) => {
  let server: TestServer;
  let gw: SmsGateway;
  let officer: string;
  let pending: { id: string; case_number: string; directorate: string }[];

  beforeAll(async () => {
    clock.now = START;
    server = await shared(database);
    gw = gateway!;
    pending = await pendingCases(server.db);
    expect(pending.length).toBeGreaterThanOrEqual(3);
  });

  const drain = () => server.app.drainNotifications();
  /** A new officer of the case's directorate, signed in. */
  const officerFor = async (directorate: string) => {
    const email = `officer-${randomUUID()}@portal.test`;
    await addStaff(server.db, { email, password_hash: await hash(PASSWORD), firstname: 'Hana', middlename: '', lastname: 'Girma', role: 'officer', directorate_id: directorate },
      new Date(clock.now - 1000));
    return staffSignIn(server.url, { email, password: PASSWORD });
  };
  const staffPost = (token: string, url: string, body?: Json) =>
    fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  /** A customer in `language` with `phone`, who now owns the case. */
  const customerOwning = async (caseId: string, phone: string, language: string) => {
    const [{ id }] = await server.db.query<{ id: string }>(
      `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, gender, language, email_verified_at)
       VALUES ('Almaz', 'Bekele', 'Tesfaye', $1, 'x', $2, 'Female', $3, now()) RETURNING id`,
      [`sms-${randomUUID()}@example.test`, phone, language],
    );
    await server.db.query('UPDATE customer_case SET customer_id = $1 WHERE id = $2', [id, caseId]);
  };
  /** A call of the gateway's, with the secret (or another one, or none: null). */
  const webhook = (path: string, body: Json | URLSearchParams, secret: string | null = SECRET) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        ...(secret === null ? {} : { 'x-webhook-secret': secret }),
        ...(body instanceof URLSearchParams ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof URLSearchParams ? body : JSON.stringify(body),
    });
  const messagesTo = (phone: string) =>
    server.db.query<{ state: string; provider_id: string | null; job: boolean }>(
      'SELECT state, provider_id, job_id IS NOT NULL AS job FROM sms_message WHERE phone = $1 ORDER BY id',
      [phone],
    );

  it('posts a case notice to the gateway as JSON with its Authorization, keeps its id, and takes its delivery receipt', async () => {
    const kase = pending[0];
    const phone = newPhone();
    await customerOwning(kase.id, phone, 'en');
    officer = await officerFor(kase.directorate);
    await expectOk(await staffPost(officer, `/staff_api/cases/${kase.id}/take`));
    await drain();

    const [notice, ...more] = gw.to(phone);
    expect(more).toEqual([]);
    expect(notice.authorization).toBe(GATEWAY_AUTH);
    expect(notice.contentType).toBe('application/json');
    expect(notice.fields).toEqual({ to: phone, from: 'HDC', text: `HDC: we have started processing your case ${kase.case_number}.` });
    expect(await messagesTo(phone)).toEqual([{ state: 'sent', provider_id: notice.id, job: true }]);

    expect(await expectOk(await webhook('/sms/delivery', { id: notice.id, status: 'DELIVRD' }))).toEqual({ updated: true });
    expect(await messagesTo(phone)).toEqual([{ state: 'delivered', provider_id: notice.id, job: true }]);
    // A gateway's form, with its own field names; an id the portal never sent changes nothing.
    expect(await expectOk(await webhook('/sms/delivery', new URLSearchParams({ message_id: notice.id, state: 'failed' })))).toEqual({ updated: true });
    expect(await messagesTo(phone)).toEqual([{ state: 'undelivered', provider_id: notice.id, job: true }]);
    expect(await expectOk(await webhook('/sms/delivery', { id: 'gw-unknown', status: 'delivered' }))).toEqual({ updated: false });
  });

  it('posts a form when SMS_HTTP_FORMAT is form', async () => {
    const phone = newPhone();
    const transport = httpSmsTransport({ httpUrl: gw.url, httpAuth: GATEWAY_AUTH, sender: 'HDC', httpFormat: 'form', dailyCap: DAILY_CAP, webhookSecret: SECRET });
    const { providerId } = await transport.send(phone, 'HDC: ሰላም');
    const [message] = gw.to(phone);
    expect(message).toEqual({ authorization: GATEWAY_AUTH, contentType: 'application/x-www-form-urlencoded', fields: { to: phone, from: 'HDC', text: 'HDC: ሰላም' }, id: providerId });
  });

  it('refuses a webhook without the secret (401) or with another one (403), and changes nothing', async () => {
    const phone = newPhone();
    const [{ provider_id }] = await server.db.query<{ provider_id: string }>(
      `INSERT INTO sms_message (phone, state, provider_id, created_at, updated_at) VALUES ($1, 'sent', $2, now(), now()) RETURNING provider_id`,
      [phone, `gw-${randomUUID()}`],
    );
    for (const [secret, status] of [[null, 401], ['', 401], ['gateway-webhook-secret-123X', 403], [`${SECRET}x`, 403]] as const) {
      await expectError(await webhook('/sms/inbound', { from: phone, text: 'STOP' }, secret), status, 'webhookSecretInvalid');
      await expectError(await webhook('/sms/delivery', { id: provider_id, status: 'delivered' }, secret), status, 'webhookSecretInvalid');
    }
    expect(await messagesTo(phone)).toEqual([{ state: 'sent', provider_id, job: false }]);
    expect(await server.db.query('SELECT phone FROM sms_stop WHERE phone = $1', [phone])).toEqual([]);
    expect(gw.to(phone)).toEqual([]);
  });

  it('answers a case number with its status and appointment day in Amharic, by default and as a form', async () => {
    const kase = pending[1];
    officer = await officerFor(kase.directorate);
    await expectOk(await staffPost(officer, `/staff_api/cases/${kase.id}/take`));
    const phone = newPhone();
    // No account has this number: Amharic. Typed as people type it (lower case, spaces around).
    expect(await expectOk(await webhook('/sms/inbound', { from: phone, text: `  ${kase.case_number.toLowerCase()} ` }))).toEqual({ answer: 'status' });
    expect(gw.to(phone).map((message) => message.fields.text)).toEqual([`HDC፦ ${kase.case_number}፦ በሂደት ላይ።`]);

    await expectOk(await staffPost(officer, `/staff_api/cases/${kase.id}/schedule`, { scheduled_date: '2026-12-01' }));
    // The gateway's form, the number written 0911…: the same sender.
    const local = `0${phone.slice(4)}`;
    expect(await expectOk(await webhook('/sms/inbound', new URLSearchParams({ from: local, text: kase.case_number })))).toEqual({ answer: 'status' });
    expect(gw.to(phone).map((message) => message.fields.text).at(-1)).toBe(`HDC፦ ${kase.case_number}፦ በሂደት ላይ። ቀጠሮ፦ 22 ኅዳር 2019 ዓ.ም.`);
  });

  it('answers in the language keyword sent, else the sender’s account language, an accusation reference and an unknown number too', async () => {
    const [accusation] = await server.db.query<{ reference: string }>(`SELECT reference FROM accusation WHERE status = 'received' LIMIT 1`);
    const kase = pending[2];
    const phone = newPhone();
    await customerOwning(kase.id, phone, 'or');
    await webhook('/sms/inbound', { from: phone, text: `${kase.case_number} EN` });
    await webhook('/sms/inbound', { from: phone, text: accusation.reference });
    const [{ answer }] = [await expectOk(await webhook('/sms/inbound', { from: phone, text: 'HDC-1999-000001 am' }))];
    expect(answer).toBe('not_found');
    expect(gw.to(phone).map((message) => message.fields.text)).toEqual([
      `HDC: ${kase.case_number}: pending.`,
      `HDC: ${accusation.reference}: haala gaheera.`,
      'HDC፦ HDC-1999-000001 የሚል ቁጥር ያለው ጉዳይ ወይም ጥቆማ የለም።',
    ]);
  });

  it('holds case notices back from a number that sent STOP, and sends them again after START', async () => {
    const kase = pending[3] ?? pending[0];
    const phone = newPhone();
    await customerOwning(kase.id, phone, 'am');
    officer = await officerFor(kase.directorate);

    expect(await expectOk(await webhook('/sms/inbound', new URLSearchParams({ from: phone, text: 'stop' })))).toEqual({ answer: 'stopped' });
    await expectOk(await staffPost(officer, `/staff_api/cases/${kase.id}/take`));
    await drain();
    // Only the confirmation went; the notice's job is done, held back and kept as stopped.
    expect(gw.to(phone).map((message) => message.fields.text)).toEqual(['HDC፦ ከእንግዲህ ማሳወቂያ በኤስኤምኤስ አይደርስዎትም። እንደገና ለማግኘት START ይላኩ።']);
    expect((await messagesTo(phone)).map((message) => [message.state, message.job])).toEqual([['sent', false], ['stopped', true]]);
    const jobs = await server.db.query<{ sent: boolean }>(`SELECT sent_at IS NOT NULL AS sent FROM notification_job WHERE case_id = $1 AND channel = 'sms' AND notice = 'processing_started'`, [kase.id]);
    expect(jobs).toEqual([{ sent: true }]);

    expect(await expectOk(await webhook('/sms/inbound', { from: phone, text: 'START' }))).toEqual({ answer: 'started' });
    await expectOk(await staffPost(officer, `/staff_api/cases/${kase.id}/schedule`, { scheduled_date: '2026-12-02' }));
    await drain();
    expect(gw.to(phone).map((message) => message.fields.text).slice(1)).toEqual([
      'HDC፦ የጉዳዮችዎ ማሳወቂያዎች እንደገና በኤስኤምኤስ ይደርስዎታል። ለማቆም STOP ይላኩ።',
      `HDC፦ ለጉዳይዎ ${kase.case_number} በ23 ኅዳር 2019 ዓ.ም. ቀጠሮ ተይዟል።`,
    ]);
  });

  it('answers one number’s lookups only within the status check’s limit, and still takes its STOP past it', async () => {
    const tight = await startTestServer(database, { ...(await gatewayOptions()), sameDatabaseAs: server, lookupLimit: { max: 2, windowMs: 60_000 } });
    try {
      const [phone, other] = [newPhone(), newPhone()];
      const ask = (from: string, text = pending[0].case_number) =>
        fetch(`${tight.url}/sms/inbound`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-secret': SECRET }, body: JSON.stringify({ from, text }) })
          .then((answer) => expectOk(answer));
      expect([await ask(phone), await ask(phone), await ask(phone)]).toEqual([{ answer: 'status' }, { answer: 'status' }, { answer: 'limited' }]);
      expect(gw.to(phone)).toHaveLength(2);
      expect(await ask(phone, 'STOP')).toEqual({ answer: 'stopped' });
      // Another number has its own count.
      expect(await ask(other)).toEqual({ answer: 'status' });
    } finally {
      await tight.close();
    }
  });

  it(`sends one number at most ${DAILY_CAP} SMS an Addis Ababa day, keeping the rest as capped`, async () => {
    const phone = newPhone();
    const ask = () => webhook('/sms/inbound', { from: phone, text: 'HDC-1999-000002' });
    for (let n = 0; n < DAILY_CAP + 2; n++) await expectOk(await ask());
    expect(gw.to(phone)).toHaveLength(DAILY_CAP);
    expect((await messagesTo(phone)).map((message) => message.state)).toEqual([...Array(DAILY_CAP).fill('sent'), 'capped', 'capped']);

    // 23:59 in Addis Ababa: the same day. 00:00 there (21:00 UTC, the same UTC day): a new one.
    clock.now = Date.parse('2026-11-24T20:59:00Z');
    await expectOk(await ask());
    expect(gw.to(phone)).toHaveLength(DAILY_CAP);
    clock.now = Date.parse('2026-11-24T21:00:00Z');
    await expectOk(await ask());
    expect(gw.to(phone)).toHaveLength(DAILY_CAP + 1);
  });
});
