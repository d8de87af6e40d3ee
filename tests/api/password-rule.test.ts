import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { createStaffAdminStore } from '../../server/administration/staff-users-store.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectError, expectMessages, expectOk, type Json } from '../helpers/expect-api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp.ts';

const databases = await testDatabases();
const PUBLIC_URL = 'http://portal.test';
// Only the test drains the notices: the timer would race it.
const NEVER = 24 * 60 * 60_000;

/** What every screen that sets a password must refuse (ASVS 2.1.1, 2.1.7) and accept (2.1.9). */
const NINE_CHARACTERS = 'Xk4-pq7-z';
// Ten UTF-16 units, nine characters: the rule counts what a person types.
const NINE_WITH_EMOJI = '🔑Xk4-pq7-';
const COMMON = 'Password123';
const PASSPHRASE = 'correct horse battery staple';
const STRONG = 'Gojo-Tibeb 2026';

// The customer's notice, in English (their registration's language), copied from the catalogs on purpose.
const CUSTOMER_NOTICE = 'Your password was changed';
// A staff user has no stored language: theirs is the one they set the password in (Amharic here).
const STAFF_NOTICE = 'የሠራተኞች ፖርታል የይለፍ ቃልዎ ተቀይሯል';

/** Every SMS file an instance wrote, as text. */
const smsFiles = (server: TestServer): string[] => {
  const dir = path.join(server.config.dataDir, 'sms');
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), 'utf8')) : [];
};

describe.each(databases)('the password rule and the notice of a change on $name', (database) => {
  let server: TestServer;
  let smtp: SmtpReceiver;

  const call = (method: string, url: string, body?: Json | FormData, language = 'en') =>
    fetch(`${server.url}${url}`, {
      method,
      headers: { 'accept-language': language, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
  const register = (email: string, password: string) => {
    const form = new FormData();
    const fields = { firstname: 'Almaz', middlename: 'Bekele', lastname: 'Tesfaye', email, password, phone: '+251911000333', gender: 'Female' };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return call('POST', '/customer_user_api/create_customer_user', form);
  };
  const login = (email: string, password: string) => call('POST', '/customer_user_api/login_customer_user', { email, password });
  const reset = (id: string, token: string, password: string) => call('PUT', `/customer_user_api/reset_customer_user/${id}/${token}`, { password });
  const setPassword = (id: string, token: string, password: string, language?: string) =>
    call('PUT', `/staff_api/set_password/${id}/${token}`, { password }, language);
  const jobsFor = (column: 'customer_id' | 'staff_id', id: string) =>
    server.db.query<{ channel: string; notice: string }>(`SELECT channel, notice FROM notification_job WHERE ${column} = $1 ORDER BY id`, [id]);

  /** A registered, verified customer (in English) and a live reset link of theirs. */
  async function customerWithResetLink(email = `rule-${randomUUID()}@example.test`) {
    await expectOk(await register(email, STRONG), 201);
    const otp = /\b(\d{6})\b/.exec((await smtp.waitForMail(email)).text)![1];
    await expectOk(await call('POST', '/customer_user_api/validate_customer_otp', { email, otp }));
    await expectOk(await call('POST', '/customer_user_api/forgot_customer_user', { email }));
    const mail = await smtp.waitForMail(email, (m) => m.text.includes('/reset_password/'));
    const [, id, token] = /\/reset_password\/([0-9a-f-]{36})\/([\w-]+)/.exec(mail.text)!;
    return { email, id, token };
  }

  /** A staff officer with a set-password link, as an admin's save leaves them (made in the database: admins sign in with a second factor). */
  async function staffWithLink(email = `rule-${randomUUID()}@staff.test`) {
    const [{ id: directorate }] = await server.db.query<{ id: string }>(`SELECT id FROM directorate WHERE status = 'active' LIMIT 1`);
    const [{ id }] = await server.db.query<{ id: string }>(
      `INSERT INTO staff_user (email, firstname, middlename, lastname, role, directorate_id) VALUES ($1, 'Selam', '', 'Tesfaye', 'officer', $2) RETURNING id`,
      [email, directorate],
    );
    const token = randomBytes(32).toString('base64url');
    await server.db.transaction((tx) => createStaffAdminStore(server.db).insertPasswordLink(tx, id, createHash('sha256').update(token).digest('hex'), 3600));
    return { email, id, token };
  }

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer(database, { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, notifyPollMs: NEVER, smsProvider: 'file' });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  describe('registration', () => {
    it.each([
      ['nine characters', NINE_CHARACTERS],
      ['nine characters, one of them an emoji', NINE_WITH_EMOJI],
      ['a common password, in any case', COMMON],
      ['ten digits in a row', '1234567890'],
    ])('refuses %s', async (_label, password) => {
      const email = `rule-${randomUUID()}@example.test`;
      await expectError(await register(email, password), 400, 'passwordWeak');
      expect(await server.db.query('SELECT 1 FROM customer_user WHERE email = $1', [email])).toEqual([]);
    });

    it('refuses the e-mail address itself, and a password containing its local part', async () => {
      await expectError(await register('abebe.kebede@example.test', 'Abebe.Kebede@Example.test'), 400, 'passwordWeak');
      await expectError(await register('selamawit@example.test', 'my selamawit 2026'), 400, 'passwordWeak');
    });

    it('takes a 28-character passphrase of words alone, and any script', async () => {
      const message = await expectOk(await register(`rule-${randomUUID()}@example.test`, PASSPHRASE), 201);
      expectMessages(message);
      // Ten Ethiopic characters: the rule has no alphabet.
      await expectOk(await register(`rule-${randomUUID()}@example.test`, 'ቤቴ በቦሌ ነው።'), 201);
    });

    it('says what the rule is, in English', async () => {
      const body = await expectError(await register(`rule-${randomUUID()}@example.test`, NINE_CHARACTERS), 400, 'passwordWeak');
      expect(body.Message_en).toBe('The password must have at least 10 characters and must not be a common password.');
    });
  });

  it('still signs in a customer whose 9-character password was set under the old rule', async () => {
    expect(DEMO_CUSTOMER.password).toHaveLength(9);
    expect((await expectOk(await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password))).token).toBeTruthy();
  });

  describe("a customer's reset", () => {
    it('refuses a weak password, keeps the link and the old password, and tells nobody', async () => {
      const customer = await customerWithResetLink();
      for (const password of [NINE_CHARACTERS, NINE_WITH_EMOJI, COMMON, customer.email, `${customer.email.split('@')[0]}!!`]) {
        await expectError(await reset(customer.id, customer.token, password), 400, 'passwordWeak');
      }
      expect(await jobsFor('customer_id', customer.id)).toEqual([]);
      await expectOk(await login(customer.email, STRONG));
      // The link still works, for a passphrase without a digit.
      expectMessages(await expectOk(await reset(customer.id, customer.token, PASSPHRASE)));
      await expectOk(await login(customer.email, PASSPHRASE));
    });

    it('queues a notice by mail and by SMS with the change, sent in the customer’s language without the password or the link', async () => {
      const customer = await customerWithResetLink();
      await server.app.drainNotifications(); // the earlier tests' notices
      await expectOk(await reset(customer.id, customer.token, PASSPHRASE));
      expect(await jobsFor('customer_id', customer.id)).toEqual([
        { channel: 'mail', notice: 'password_changed' },
        { channel: 'sms', notice: 'password_changed' },
      ]);
      expect(await server.app.drainNotifications()).toEqual({ sent: 2, failed: 0 });
      const notice = await smtp.waitForMail(customer.email, (m) => m.subject === CUSTOMER_NOTICE);
      expect(notice.text).toContain('Hello Almaz');
      expect(notice.text).toContain(`${PUBLIC_URL}/forgotpassword`);
      const sms = smsFiles(server).filter((file) => file.includes('+251911000333'));
      expect(sms.some((file) => file.includes('password'))).toBe(true);
      for (const text of [notice.text, notice.subject, ...sms]) {
        expect(text).not.toContain(PASSPHRASE);
        expect(text).not.toContain(customer.token);
      }
    });
  });

  describe("a staff user's set-password link", () => {
    it('refuses a weak password, keeps the link, and tells nobody', async () => {
      const staff = await staffWithLink();
      for (const password of [NINE_CHARACTERS, COMMON, staff.email, `${staff.email.split('@')[0]}-2026`]) {
        await expectError(await setPassword(staff.id, staff.token, password), 400, 'passwordWeak');
      }
      expect(await jobsFor('staff_id', staff.id)).toEqual([]);
      expectMessages(await expectOk(await setPassword(staff.id, staff.token, PASSPHRASE)));
      await expectOk(await call('POST', '/staff_api/login', { email: staff.email, password: PASSPHRASE }));
    });

    it('queues a notice by mail with the change, in the language the password was set in', async () => {
      const staff = await staffWithLink();
      await server.app.drainNotifications(); // the earlier tests' notices
      await expectOk(await setPassword(staff.id, staff.token, STRONG, 'am'));
      expect(await jobsFor('staff_id', staff.id)).toEqual([{ channel: 'mail', notice: 'staff_password_changed' }]);
      expect(await server.app.drainNotifications()).toEqual({ sent: 1, failed: 0 });
      const notice = await smtp.waitForMail(staff.email, (m) => m.subject === STAFF_NOTICE);
      expect(notice.text).toContain('ሰላም Selam');
      expect(notice.text).toContain(`${PUBLIC_URL}/staff/login`);
      expect(notice.text).not.toContain(STRONG);
      expect(notice.text).not.toContain(staff.token);
    });
  });
});
