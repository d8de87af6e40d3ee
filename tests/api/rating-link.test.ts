import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenSecret } from '../../server/auth/secret.ts';
import { createTokenSigner } from '../../server/auth/tokens.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectError, expectOk } from '../helpers/expect-api.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { logLines } from '../helpers/log-lines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signedStaff } from '../helpers/staff-fixture.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp.ts';
import { pendingCases } from '../helpers/pending-cases.ts';

const databases = await testDatabases();
const PUBLIC_URL = 'http://portal.test';
// Only the test drains: the timer would race it.
const NEVER = 24 * 60 * 60_000;
const DAY = 86_400_000;
const RATE_LINK = new RegExp(`${PUBLIC_URL.replaceAll('.', '\\.')}/rate/(\\S+)`);
/** The answered mail's line above its link, by language (the catalogs' texts, copied here on purpose). */
const LINK_LINE = { en: 'Rate the service with one tap', am: 'በአንድ ንክኪ' } as const;

/** Issue 25: the "answered" mail's signed one-tap rating link, and a rating's optional comment. */
describe.each(databases)('the one-tap rating link on $name', (database) => {
  let receiver: SmtpReceiver;
  let server: TestServer;
  // The app's clock starts at the real time (staff and customer tokens are signed on it) and only moves on.
  const clock = { now: Date.now() };
  const api = jsonCalls(() => server.url);
  const log = logLines();
  let pending: { id: string; case_number: string; directorate: string }[];

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    server = await startTestServer(database, { smtpUrl: receiver.url, publicUrl: PUBLIC_URL, notifyPollMs: NEVER, clock: () => clock.now, logger: log.logger });
    pending = await pendingCases(server.db);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  const staffCall = (url: string, token: string, body?: FormData) =>
    fetch(`${server.url}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });

  /** A pending case of a new customer in `language`, answered (taken, responded, approved): its answered mail and link token. */
  async function answeredCase(language: 'en' | 'am') {
    const kase = pending.shift()!;
    const email = `rating-${language}-${randomUUID()}@example.test`;
    const [{ id: customerId }] = await server.db.query<{ id: string }>(
      `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, gender, language, email_verified_at)
       VALUES ('Selamawit', 'Bekele', 'Tesfaye', $1, 'x', $2, 'Female', $3, now()) RETURNING id`,
      [email, `+2519${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, language],
    );
    await server.db.query('UPDATE customer_case SET customer_id = $1 WHERE id = $2', [customerId, kase.id]);
    const officer = await signedStaff(server, 'officer', kase.directorate);
    const manager = await signedStaff(server, 'manager', kase.directorate);
    await expectOk(await staffCall(`/staff_api/cases/${kase.id}/take`, officer.token));
    const form = new FormData();
    form.append('justification', 'The roof will be repaired next week.');
    await expectOk(await staffCall(`/staff_api/cases/${kase.id}/respond`, officer.token, form));
    await expectOk(await staffCall(`/staff_api/cases/${kase.id}/approve`, manager.token));
    await server.app.drainNotifications();
    const mail = await receiver.waitForMail(email, (m) => m.subject.includes(kase.case_number) && RATE_LINK.test(m.text));
    return { kase, customerId, email, mail, token: RATE_LINK.exec(mail.text)![1] };
  }

  const linkState = (token: string) => api.get(`/div_rate/rating_link/${encodeURIComponent(token)}`);
  const rateByLink = (token: string, body: Record<string, unknown> = {}) => api.post('/div_rate/create_custrate', { rateNum: 4, rating_token: token, ...body });
  const stored = (caseId: string) =>
    server.db.query<{ rate_num: number; comment: string | null; customer_id: string }>('SELECT rate_num, comment, customer_id FROM case_rating WHERE case_id = $1', [caseId]);

  // The demo has few pending cases: the en and am answers' links serve the later tests too.
  const answered: Partial<Record<'en' | 'am', Awaited<ReturnType<typeof answeredCase>>>> = {};

  it.each(['en', 'am'] as const)('puts the signed link in the %s answered mail, never in the SMS', async (language) => {
    const made = (answered[language] = await answeredCase(language));
    const { kase, mail, token } = made;
    expect(mail.text).toContain(LINK_LINE[language]);
    // The token names the case, not its customer.
    expect(token.startsWith(`${kase.id}-`)).toBe(true);
    // No '.': the page's path must not look like a file to the server.
    expect(token).not.toContain('.');
    const smsDir = path.join(server.config.dataDir, 'sms');
    const sms = fs.existsSync(smsDir) ? fs.readdirSync(smsDir).map((name) => fs.readFileSync(path.join(smsDir, name), 'utf8')) : [];
    // Processing started, and answered.
    expect(sms.filter((text) => text.includes(kase.case_number))).toHaveLength(2);
    expect(sms.join('\n')).not.toContain('/rate/');
  });

  it('rates by the link without a session, with the comment, once; the page learns nothing personal', async () => {
    const { kase, customerId, email, token } = answered.en!;
    const state = await linkState(token);
    const text = await state.clone().text();
    expect(await expectOk(state)).toEqual({ rateable: true });
    for (const personal of [kase.case_number, kase.id, customerId, email, 'Selamawit', 'Tesfaye']) expect(text).not.toContain(personal);

    await expectError(await rateByLink(token, { comment: 'x'.repeat(1001) }), 400, 'ratingCommentTooLong');
    await expectError(await rateByLink(token, { rateNum: 0 }), 400, 'ratingInvalid');
    const saved = await expectOk(await rateByLink(token, { comment: '  Quick and kind.  ' }), 201);
    expect(saved.Message_en).toBe('Thank you for rating the service.');
    expect(await stored(kase.id)).toEqual([{ rate_num: 4, comment: 'Quick and kind.', customer_id: customerId }]);

    // Used: the page and a second rating are refused, in words; so is the signed-in owner's; the one rating stays.
    await expectError(await linkState(token), 409, 'ratingLinkUsed');
    await expectError(await rateByLink(token, { rateNum: 1 }), 409, 'ratingLinkUsed');
    await expectError(await api.post('/div_rate/create_custrate', { rateNum: 2, rateCase: kase.id }, await signedCustomer(customerId)), 409, 'ratingExists');
    expect(await stored(kase.id)).toEqual([{ rate_num: 4, comment: 'Quick and kind.', customer_id: customerId }]);

    // The link is a capability: the page the mail opens and the call it makes are logged without it.
    await (await fetch(`${server.url}/rate/${token}`)).body?.cancel();
    expect(log.text()).toContain('/rate/[redacted]');
    expect(log.text()).toContain('/div_rate/rating_link/[redacted]');
    expect(log.text()).not.toContain(token);
  });

  it('refuses a link with one character changed, and a made-up one', async () => {
    const { kase, token } = answered.am!;
    const flip = (at: number) => token.slice(0, at) + (token[at] === 'a' ? 'b' : 'a') + token.slice(at + 1);
    const [expires, signature] = [token.slice(37, -23), token.slice(-22)];
    for (const altered of [flip(token.length - 3), flip(0), flip(kase.id.length + 2), `${randomUUID()}-${expires}-${signature}`, 'nonsense']) {
      await expectError(await linkState(altered), 400, 'ratingLinkInvalid');
      await expectError(await rateByLink(altered), 400, 'ratingLinkInvalid');
    }
    expect(await stored(kase.id)).toHaveLength(0);
    // Neither a link nor a session: the signed-in call's 401, as before.
    await expectError(await api.post('/div_rate/create_custrate', { rateNum: 4, rateCase: kase.id }), 401, 'unauthorized');
  });

  it('takes the signed-in dialog\'s comment, and makes the link used', async () => {
    const { kase, token, customerId } = await answeredCase('en');
    const customer = await signedCustomer(customerId);
    await expectOk(await api.post('/div_rate/create_custrate', { rateNum: 5, rateCase: kase.id, comment: 'Thank you.' }, customer), 201);
    expect(await expectOk(await api.get(`/div_rate/get_rating_bycase/${kase.id}`, customer))).toEqual({
      rateNum: 5, rateCase: kase.id, rateCustomer: { _id: customerId }, comment: 'Thank you.',
    });
    await expectError(await rateByLink(token), 409, 'ratingLinkUsed');
  });

  it('refuses a link 30 days after the answer (the app\'s clock moved)', async () => {
    const { kase, token } = answered.am!;
    clock.now += 29 * DAY;
    expect(await expectOk(await linkState(token))).toEqual({ rateable: true });
    clock.now += DAY;
    await expectError(await linkState(token), 410, 'ratingLinkExpired');
    await expectError(await rateByLink(token), 410, 'ratingLinkExpired');
    expect(await stored(kase.id)).toHaveLength(0);
  });

  /** A customer session signed as the server signs one (the test is about rating, not signing in). */
  const signedCustomer = async (customerId: string) =>
    createTokenSigner(await loadTokenSecret(server.db, server.config.tokenSecret)).sign(customerId, 'customer', 3600, clock.now).token;
});
