import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { testDatabases, type TestDatabase } from '../helpers/databases.ts';
import { fileServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { storedFile, storedFileNames } from '../helpers/stored-files.ts';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../helpers/smtp.ts';
import { expectError, expectMessages, expectOk, type Json } from '../helpers/expect-api.ts';
import { tinyPng as pngBytes } from '../helpers/png.ts';

const databases = await testDatabases();
const PUBLIC_URL = 'http://portal.test';
// Twenty minutes: a 429 must say (about) that, not the generic 180 seconds.
const GUESS_WINDOW_MS = 20 * 60_000;
const MiB = 1024 * 1024;

type Bytes = Uint8Array<ArrayBuffer>;
type Picture = { bytes: Bytes; name: string; type: string };

// ---------------------------------------------------------------------------------------
// Test data

let counter = 0;
/** A fresh address per call, so tests never share an account (or a rate-limit bucket). */
const uniqueEmail = (tag: string) => `${tag}-${process.pid}-${Date.now().toString(36)}-${++counter}@example.test`;

const PASSWORD = 'Secret-1234';

function registration(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    firstname: 'Abebe',
    middlename: 'Kebede',
    lastname: 'Tadesse',
    email: uniqueEmail('reg'),
    password: PASSWORD,
    subcity: 'Bole',
    woreda: '03',
    house_number: '1250',
    phone: '+251911000222',
    house_phone_number: '0111234567',
    gender: 'Male',
    ...overrides,
  };
}

/** tests/helpers/png.ts's PNG as the multipart helper takes it. */
const tinyPng = (): Bytes => new Uint8Array(pngBytes());

/** Bytes that start like a PNG (so only the size can be wrong), `size` long. */
function pngOfSize(size: number): Bytes {
  const bytes = new Uint8Array(size);
  bytes.set(tinyPng().subarray(0, 16));
  return bytes;
}

function registrationForm(fields: Record<string, string | undefined>, picture?: Picture): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  if (picture) form.append('picture', new Blob([picture.bytes], { type: picture.type }), picture.name);
  return form;
}

/** The claims in a session token (a JWT: the app reads the customer id from it, SPEC 6). */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { id: string; jti: string; iat: number; exp: number };


const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');




// ---------------------------------------------------------------------------------------
// A client for one server

function client(server: TestServer, receiver: SmtpReceiver) {
  const url = (p: string) => `${server.url}/customer_user_api/${p}`;
  const json = (method: string, p: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url(p), { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  const api = {
    server,
    receiver,
    storedPictures: () => storedFileNames(server, 'customer-images'),
    register: (fields: Record<string, string | undefined>, picture?: Picture, headers: Record<string, string> = {}) =>
      fetch(url('create_customer_user'), { method: 'POST', body: registrationForm(fields, picture), headers }),
    verify: (email: string, otp: string) => json('POST', 'validate_customer_otp', { email, otp }),
    resend: (email: string) => json('PUT', 'resend_customer_otp', { email }),
    login: (email: string, password: string) => json('POST', 'login_customer_user', { email, password }),
    me: (id: string, token?: string) => fetch(url(`get_customer_user/${id}`), { headers: token ? bearer(token) : {} }),
    logout: (token: string) => fetch(url('logout_customer_user'), { headers: bearer(token) }),
    forgot: (email: string) => json('POST', 'forgot_customer_user', { email }),
    reset: (id: string, token: string, password: string) => json('PUT', `reset_customer_user/${id}/${token}`, { password }),
    divisions: (token?: string) => fetch(`${server.url}/division_api/get_division`, { headers: token ? bearer(token) : {} }),
    customerCount: async () => (await server.db.query<{ n: number }>('SELECT count(*) AS n FROM customer_user'))[0].n,
    customerRow: async (email: string) =>
      (await server.db.query<Json>('SELECT * FROM customer_user WHERE lower(email) = lower($1)', [email]))[0],

    /** The code from the newest mail to `email` not read before. */
    async otpFromMail(email: string): Promise<string> {
      const mail = await receiver.waitForMail(email, (m) => !m.text.includes('/reset_password/'));
      const match = /\b(\d{6})\b/.exec(mail.text);
      expect(match, mail.text).not.toBeNull();
      return match![1];
    },

    async resetLinkFromMail(email: string): Promise<{ mail: ReceivedMail; id: string; token: string }> {
      const mail = await receiver.waitForMail(email, (m) => m.text.includes('/reset_password/'));
      const match = /http:\/\/portal\.test\/reset_password\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/.exec(mail.text);
      expect(match, mail.text).not.toBeNull();
      return { mail, id: match![1], token: match![2] };
    },

    /** Registers, reads the mailed code, verifies: an account that can log in. */
    async verifiedCustomer(overrides: Record<string, string | undefined> = {}, picture?: Picture) {
      const fields = registration(overrides);
      const email = fields.email!;
      await expectOk(await api.register(fields, picture), 201);
      await expectOk(await api.verify(email, await api.otpFromMail(email)));
      const row = await api.customerRow(email);
      return { email, password: fields.password!, id: row.id as string };
    },

    async loginToken(email: string, password: string): Promise<string> {
      const body = await expectOk(await api.login(email, password));
      expect(typeof body.token).toBe('string');
      return body.token as string;
    },
  };
  return api;
}
type Client = ReturnType<typeof client>;

/** The clock a test server's sessions run on: real time, unless a test sets it. */
function testClock() {
  let setTo: number | undefined;
  return {
    now: () => setTo ?? Date.now(),
    set(ms: number) {
      setTo = ms;
    },
    reset() {
      setTo = undefined;
    },
  };
}

// One database per run for the file: every server below is an instance on it, with its own
// DATA_DIR, clock, mail relay and limits. The tests make their own accounts, each at a new e-mail.
const shared = fileServer();

async function startServer(database: TestDatabase, receiver: SmtpReceiver | undefined, overrides: Partial<Config> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accounts-test-'));
  const clock = testClock();
  const server = await startTestServer(database, {
    dataDir,
    publicUrl: PUBLIC_URL,
    ...(receiver ? { smtpUrl: receiver.url } : {}),
    ...overrides,
    clock: clock.now,
    sameDatabaseAs: await shared(database),
  });
  return {
    server,
    clock,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------

describe.each(databases)('customer accounts on $name', (database) => {
  let receiver: SmtpReceiver;
  let main: Awaited<ReturnType<typeof startServer>>;
  let api: Client;

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    main = await startServer(database, receiver);
    api = client(main.server, receiver);
  });
  afterAll(async () => {
    await main?.close();
    await receiver?.close();
  });

  describe('registration', () => {
    it('creates an unverified customer, answers 201 in six languages and mails a 6-digit code by SMTP', async () => {
      const fields = registration();
      const before = await api.customerCount();
      const body = await expectOk(await api.register(fields), 201);
      expectMessages(body);
      expect(body.Message_en).toMatch(/created/i);
      expect(await api.customerCount()).toBe(before + 1);

      const mail = await receiver.waitForMail(fields.email!);
      expect(mail.text).toMatch(/\b\d{6}\b/);
      // No Accept-Language: Amharic, the portal's default language.
      expect(mail.subject).toMatch(/[\u1200-\u137F]/);

      const row = await api.customerRow(fields.email!);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(PASSWORD);
      expect(row.email_verified_at).toBeNull();
      expect(row.firstname).toBe('Abebe');
      expect(row.gender).toBe('Male');
      expect(row.picture).toBeNull();
      // The code is kept hashed, never as the mailed digits.
      const [otp] = await main.server.db.query<{ code_hash: string }>('SELECT code_hash FROM customer_otp WHERE customer_id = $1', [row.id]);
      expect(otp.code_hash).not.toContain(/\b(\d{6})\b/.exec(mail.text)![1]);
    });

    it('writes the mail in the language the app asks for', async () => {
      const fields = registration();
      await expectOk(await api.register(fields, undefined, { 'accept-language': 'en' }), 201);
      const mail = await receiver.waitForMail(fields.email!);
      expect(mail.subject).toBe('Your verification code');
      expect(mail.text).toContain('Hello Abebe');
    });

    it('stores a real PNG picture and serves it on the media path with its type and nosniff', async () => {
      const png = tinyPng();
      const customer = await api.verifiedCustomer({}, { bytes: png, name: 'me.png', type: 'image/png' });
      const token = await api.loginToken(customer.email, customer.password);
      const me = await expectOk(await api.me(customer.id, token));
      expect(me.picture).toMatch(/^[0-9a-f-]{36}\.png$/);
      expect((await api.storedPictures())).toContain(me.picture);

      const response = await fetch(`${main.server.url}/media/customer-images/${me.picture}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(png))).toBe(true);
    });

    it('accepts a picture of exactly 2 MiB', async () => {
      const fields = registration();
      await expectOk(await api.register(fields, { bytes: pngOfSize(2 * MiB), name: 'big.png', type: 'image/png' }), 201);
      const row = await api.customerRow(fields.email!);
      expect((await storedFile(api.server, 'customer-images', row.picture as string)).length).toBe(2 * MiB);
    });

    const refusedPictures: [string, () => Picture, number, string][] = [
      ['text bytes named x.png', () => ({ bytes: new Uint8Array(Buffer.from('this is not an image at all')), name: 'x.png', type: 'image/png' }), 400, 'imageInvalid'],
      ['an empty x.png', () => ({ bytes: new Uint8Array(0), name: 'x.png', type: 'image/png' }), 400, 'imageInvalid'],
      ['a picture over 2 MB', () => ({ bytes: pngOfSize(2 * MiB + 1), name: 'huge.png', type: 'image/png' }), 413, 'imageTooLarge'],
    ];
    it.each(refusedPictures)('refuses %s and stores nothing', async (_label, picture, status, code) => {
      const fields = registration();
      const rowsBefore = await api.customerCount();
      const filesBefore = (await api.storedPictures());
      await expectError(await api.register(fields, picture()), status, code);
      expect(await api.customerCount()).toBe(rowsBefore);
      expect(await api.customerRow(fields.email!)).toBeUndefined();
      expect((await api.storedPictures())).toEqual(filesBefore);
      expect(receiver.mails.some((m) => m.to === fields.email)).toBe(false);
    });

    it('deletes an accepted picture when the rest of the form is refused', async () => {
      const filesBefore = (await api.storedPictures());
      const rowsBefore = await api.customerCount();
      await expectError(
        await api.register(registration({ firstname: 'x'.repeat(50) }), { bytes: tinyPng(), name: 'me.png', type: 'image/png' }),
        400,
        'firstnameTooLong',
      );
      expect((await api.storedPictures())).toEqual(filesBefore);
      expect(await api.customerCount()).toBe(rowsBefore);
    });

    it('refuses a registration that is not multipart', async () => {
      const response = await fetch(`${main.server.url}/customer_user_api/create_customer_user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(registration()),
      });
      await expectError(response, 400, 'invalidRequest');
    });
  });

  describe('validation rules (SPEC section 5)', () => {
    const LENGTH_RULES: [field: string, limit: number, code: string, english: string][] = [
      ['firstname', 50, 'firstnameTooLong', 'First name must not be greater than 50 characters'],
      ['middlename', 50, 'middlenameTooLong', 'Middle name must not be greater than 50 characters'],
      ['lastname', 50, 'lastnameTooLong', 'Last name must not be greater than 50 characters'],
      ['subcity', 50, 'subcityTooLong', 'Sub-city must not be greater than 50 characters'],
      ['woreda', 20, 'woredaTooLong', 'Woreda must not be greater than 20 characters'],
      ['house_number', 20, 'houseNumberTooLong', 'House number must not be greater than 20 characters'],
      ['phone', 20, 'phoneTooLong', 'Phone must not be greater than 20 characters'],
      ['house_phone_number', 20, 'housePhoneTooLong', 'House phone number must not be greater than 20 characters'],
    ];
    // Phones must stay valid phone numbers at any length (19 characters of +251 (0) 911-234567, stored as
    // +251911234567); the other fields take letters.
    const filler = (field: string, length: number) => (field.includes('phone') ? '+251 (0) 911-234567'.padEnd(length, '8') : 'a'.repeat(length));
    const stored = (field: string, length: number) => (field.includes('phone') ? '+251911234567' : filler(field, length));

    it.each(LENGTH_RULES)('refuses %s at %i characters with its own code and message', async (field, limit, code, english) => {
      const fields = registration({ [field]: filler(field, limit) });
      const before = await api.customerCount();
      const body = await expectError(await api.register(fields), 400, code);
      expect(body.Message_en).toBe(english);
      expect(body.Message_am).toContain(String(limit));
      expect(await api.customerCount()).toBe(before);
    });

    it.each(LENGTH_RULES)('accepts %s at one character under %i', async (field, limit) => {
      const fields = registration({ [field]: filler(field, limit - 1) });
      await expectOk(await api.register(fields), 201);
      expect((await api.customerRow(fields.email!))[field]).toBe(stored(field, limit - 1));
    });

    const REFUSALS: [label: string, overrides: Record<string, string | undefined>, code: string][] = [
      ['an e-mail without @', { email: 'not-an-email' }, 'emailInvalid'],
      ['an e-mail without a domain dot', { email: 'someone@example' }, 'emailInvalid'],
      ['an e-mail with a space', { email: 'some one@example.test' }, 'emailInvalid'],
      ['gender "Other"', { gender: 'Other' }, 'genderInvalid'],
      ['a password of 9 characters', { password: 'Short-123' }, 'passwordWeak'],
      ['a common password', { password: 'Password123' }, 'passwordWeak'],
      ['phone "abc"', { phone: 'abc' }, 'phoneInvalid'],
      ['house phone "abc"', { house_phone_number: 'abc' }, 'phoneInvalid'],
      ['a missing first name', { firstname: undefined }, 'fieldRequired'],
      ['a missing middle name', { middlename: undefined }, 'fieldRequired'],
      ['a missing last name', { lastname: undefined }, 'fieldRequired'],
      ['a missing password', { password: undefined }, 'fieldRequired'],
      ['a missing phone', { phone: undefined }, 'fieldRequired'],
      ['a missing gender', { gender: undefined }, 'fieldRequired'],
      ['a blank first name', { firstname: '   ' }, 'fieldRequired'],
    ];
    it.each(REFUSALS)('refuses %s', async (_label, overrides, code) => {
      const before = await api.customerCount();
      await expectError(await api.register(registration(overrides)), 400, code);
      expect(await api.customerCount()).toBe(before);
    });

    it('accepts a registration without the optional fields', async () => {
      const fields = registration({ subcity: undefined, woreda: undefined, house_number: undefined, house_phone_number: undefined });
      await expectOk(await api.register(fields), 201);
      const row = await api.customerRow(fields.email!);
      expect(row.subcity).toBe('');
      expect(row.house_phone_number).toBe('');
    });
  });

  describe('an e-mail that already has an account', () => {
    const isWarning = (mail: ReceivedMail) => !/\b\d{6}\b/.test(mail.text);

    it('is answered exactly like a new one, stores nothing and tells the owner by mail', async () => {
      const owner = await api.verifiedCustomer({ firstname: 'Meron' });
      const original = await api.customerRow(owner.email);
      const filesBefore = (await api.storedPictures());
      const picture = { bytes: tinyPng(), name: 'me.png', type: 'image/png' };

      const fresh = await api.register(registration(), picture, { 'accept-language': 'en' });
      const freshText = await fresh.text();
      const filesAfterNew = (await api.storedPictures());
      expect(filesAfterNew).toHaveLength(filesBefore.length + 1);
      for (const email of [owner.email, owner.email.toUpperCase(), `  ${owner.email.replace(/^r/, 'R')} `]) {
        const known = await api.register(registration({ email, firstname: 'Intruder', password: 'Other-98765' }), picture, { 'accept-language': 'en' });
        expect(known.status).toBe(fresh.status);
        expect(await known.text()).toBe(freshText);
      }
      expect(fresh.status).toBe(201);
      expectMessages(JSON.parse(freshText) as Json);

      // One account, as it was: the second form changed nothing, and its picture is gone.
      const rows = await main.server.db.query<Json>('SELECT * FROM customer_user WHERE lower(email) = lower($1)', [owner.email]);
      expect(rows).toEqual([original]);
      expect((await api.storedPictures())).toEqual(filesAfterNew);
      await api.loginToken(owner.email, owner.password);
      await expectError(await api.login(owner.email, 'Other9876'), 401, 'loginFailed');

      // The owner is told, in their own language (Amharic by default), how to get in.
      for (let n = 0; n < 3; n++) {
        const warning = await receiver.waitForMail(owner.email, isWarning);
        expect(warning.subject).toMatch(/[\u1200-\u137F]/);
        expect(warning.text).toContain('ሰላም Meron');
        expect(warning.text).toContain(`${PUBLIC_URL}/login`);
        // The log-in page's own label for the reset link (locales/am/messages.po).
        expect(warning.text).toContain('"የይለፍ ቃል ረስተዋል?"');
        expect(warning.text).not.toContain('Intruder');
      }
    });

    it('writes the warning in English to an owner who registered in English', async () => {
      const owner = await api.verifiedCustomer();
      await main.server.db.query(`UPDATE customer_user SET language = 'en' WHERE id = $1`, [owner.id]);
      await expectOk(await api.register(registration({ email: owner.email })), 201);
      const warning = await receiver.waitForMail(owner.email, isWarning);
      expect(warning.subject).toBe('Someone tried to register with your e-mail address');
      expect(warning.text).toContain('"Forgot password?"');
      expect(warning.text).toContain(`${PUBLIC_URL}/login`);
    });

    it('cannot be used to flood an address: past GUESS_LIMIT_MAX attempts per e-mail, 429 for known and new alike', async () => {
      const limited = await startServer(database, receiver, { guessLimit: { max: 3, windowMs: 60_000 } });
      try {
        const limitedApi = client(limited.server, receiver);
        const statuses = async (email: string, times: number) => {
          const answers = [];
          for (let n = 0; n < times; n++) answers.push((await limitedApi.register(registration({ email }))).status);
          return answers;
        };
        // The owner's own registration was the first of their three.
        const owner = await limitedApi.verifiedCustomer();
        expect(await statuses(owner.email, 3)).toEqual([201, 201, 429]);
        expect(await statuses(uniqueEmail('fresh'), 4)).toEqual([201, 201, 201, 429]);
        // Two warnings reached the owner, and no third.
        await receiver.waitForMail(owner.email, isWarning);
        await receiver.waitForMail(owner.email, isWarning);
        await expect(receiver.waitForMail(owner.email, isWarning, 500)).rejects.toThrow();
      } finally {
        await limited.close();
      }
    });

    it('answers the demo customer e-mail as a new one too', async () => {
      const body = await expectOk(await api.register(registration({ email: DEMO_CUSTOMER.email })), 201);
      expect(body.Message_en).toMatch(/created/i);
      await receiver.waitForMail(DEMO_CUSTOMER.email, isWarning);
      await api.loginToken(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    });
  });

  describe('login', () => {
    it('refuses an unverified account with 403 emailNotVerified, but only after the right password', async () => {
      const fields = registration();
      await expectOk(await api.register(fields), 201);
      await expectError(await api.login(fields.email!, PASSWORD), 403, 'emailNotVerified');
      await expectError(await api.login(fields.email!, 'Wrong1234'), 401, 'loginFailed');
    });

    it('answers a wrong password and an unknown e-mail with the same 401 body', async () => {
      const wrong = await api.login(DEMO_CUSTOMER.email, 'Wrong12345');
      const unknown = await api.login(uniqueEmail('nobody'), 'Wrong12345');
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      const [wrongText, unknownText] = [await wrong.text(), await unknown.text()];
      expect(wrongText).toBe(unknownText);
      const body = JSON.parse(wrongText) as Json;
      expect(body.code).toBe('loginFailed');
      expectMessages(body);
    });

    it('logs the demo customer in with any letter case of the e-mail', async () => {
      const token = await api.loginToken(DEMO_CUSTOMER.email.toUpperCase(), DEMO_CUSTOMER.password);
      expect(token.split('.')).toHaveLength(3);
    });

    it('answers malformed JSON with 400 and Message_*, never a 500', async () => {
      const response = await fetch(`${main.server.url}/customer_user_api/login_customer_user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      });
      await expectError(response, 400, 'invalidRequest');
    });

    it.each([
      ['an empty object', {}],
      ['no password', { email: DEMO_CUSTOMER.email }],
      ['a non-string e-mail', { email: { $ne: '' }, password: 'x' }],
    ])('answers %s with 400 invalidRequest', async (_label, body) => {
      const response = await fetch(`${main.server.url}/customer_user_api/login_customer_user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await expectError(response, 400, 'invalidRequest');
    });

    it('answers no e-mail (and, issue 26, no phone) with 400 emailOrPhone', async () => {
      const response = await fetch(`${main.server.url}/customer_user_api/login_customer_user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: DEMO_CUSTOMER.password }),
      });
      await expectError(response, 400, 'emailOrPhone');
    });
  });

  describe('one-time code', () => {
    it('refuses a non-numeric code and a wrong one, accepts the right one once, then login works', async () => {
      const fields = registration();
      const email = fields.email!;
      await expectOk(await api.register(fields), 201);
      const code = await api.otpFromMail(email);

      await expectError(await api.verify(email, 'abc123'), 400, 'otpNotNumeric');
      await expectError(await api.verify(email, otherCode(code)), 400, 'otpInvalid');
      expectMessages(await expectOk(await api.verify(email, code)));
      expect((await api.customerRow(email)).email_verified_at).not.toBeNull();

      const body = await expectOk(await api.login(email, PASSWORD));
      expect(Object.keys(body)).toEqual(['token']);
      expect(claimsOf(body.token as string).id).toBe((await api.customerRow(email)).id);

      await expectError(await api.verify(email, code), 400, 'otpInvalid');
    });

    it('answers an unknown e-mail like a wrong code', async () => {
      await expectError(await api.verify(uniqueEmail('nobody'), '123456'), 400, 'otpInvalid');
    });

    it('replaces the code on resend: the old one stops working, the new mailed one works', async () => {
      const fields = registration();
      const email = fields.email!;
      await expectOk(await api.register(fields), 201);
      const oldCode = await api.otpFromMail(email);
      expectMessages(await expectOk(await api.resend(email)));
      const newCode = await api.otpFromMail(email);
      if (newCode !== oldCode) await expectError(await api.verify(email, oldCode), 400, 'otpInvalid');
      await expectOk(await api.verify(email, newCode));
      await api.loginToken(email, PASSWORD);
    });

    it('answers resend for an unknown or verified e-mail the same, and mails nothing', async () => {
      const unknown = uniqueEmail('nobody');
      const mailsBefore = receiver.mails.length;
      const unknownBody = await (await api.resend(unknown)).text();
      const verifiedBody = await (await api.resend(DEMO_CUSTOMER.email)).text();
      expect(unknownBody).toBe(verifiedBody);
      expect(receiver.mails.slice(mailsBefore).some((m) => m.to === unknown || m.to === DEMO_CUSTOMER.email)).toBe(false);
    });

    it('refuses an expired code', async () => {
      const fields = registration();
      const email = fields.email!;
      await expectOk(await api.register(fields), 201);
      const code = await api.otpFromMail(email);
      await main.server.db.query(
        `UPDATE customer_otp SET expires_at = now() - interval '1 second'
         WHERE customer_id = (SELECT id FROM customer_user WHERE email = $1)`,
        [email],
      );
      await expectError(await api.verify(email, code), 400, 'otpInvalid');
      await expectError(await api.login(email, PASSWORD), 403, 'emailNotVerified');
    });

    it('destroys the code after 5 wrong attempts', async () => {
      const fields = registration();
      const email = fields.email!;
      await expectOk(await api.register(fields), 201);
      const code = await api.otpFromMail(email);
      for (let n = 0; n < 5; n++) await expectError(await api.verify(email, otherCode(code)), 400, 'otpInvalid');
      await expectError(await api.verify(email, code), 400, 'otpInvalid');
      await expectError(await api.login(email, PASSWORD), 403, 'emailNotVerified');
      // A new code still gets the customer in.
      await expectOk(await api.resend(email));
      await expectOk(await api.verify(email, await api.otpFromMail(email)));
    });
  });

  describe('session tokens', () => {
    it('reads the own record with the bearer, without the password hash', async () => {
      const customer = await api.verifiedCustomer({ firstname: 'Meron', gender: 'Female' });
      const token = await api.loginToken(customer.email, customer.password);
      const me = await expectOk(await api.me(customer.id, token));
      expect(me._id).toBe(customer.id);
      expect(me.id).toBe(customer.id);
      expect(me.email).toBe(customer.email);
      expect(me.firstname).toBe('Meron');
      expect(me.gender).toBe('Female');
      expect(me.status).toBe('active');
      expect(me).not.toHaveProperty('password_hash');
      expect(JSON.stringify(me)).not.toMatch(/argon2|password/i);
    });

    it("answers 404 for another customer's record", async () => {
      const a = await api.verifiedCustomer();
      const b = await api.verifiedCustomer();
      const tokenA = await api.loginToken(a.email, a.password);
      await expectError(await api.me(b.id, tokenA), 404, 'notFound');
      await expectError(await api.me('00000000-0000-4000-8000-000000000000', tokenA), 404, 'notFound');
    });

    it('refuses a missing, garbage, tampered or forged token with 401', async () => {
      const customer = await api.verifiedCustomer();
      const token = await api.loginToken(customer.email, customer.password);
      await expectError(await api.me(customer.id), 401, 'unauthorized');
      await expectError(await api.me(customer.id, 'garbage'), 401, 'sessionInvalid');
      await expectError(await api.me(customer.id, 'a.b.c'), 401, 'sessionInvalid');

      const [header, payload, signature] = token.split('.');
      const i = Math.floor(payload.length / 2);
      const flipped = `${payload.slice(0, i)}${payload[i] === 'A' ? 'B' : 'A'}${payload.slice(i + 1)}`;
      await expectError(await api.me(customer.id, `${header}.${flipped}.${signature}`), 401, 'sessionInvalid');

      // A payload claiming a longer life, with the old signature.
      const claims = claimsOf(token);
      const longer = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 })).toString('base64url');
      await expectError(await api.me(customer.id, `${header}.${longer}.${signature}`), 401, 'sessionInvalid');
      // No signature at all.
      await expectError(await api.me(customer.id, `${header}.${payload}.`), 401, 'sessionInvalid');
      // The real token still works.
      await expectOk(await api.me(customer.id, token));
    });

    it('ends a session on logout: the token is refused everywhere and recorded as revoked', async () => {
      const customer = await api.verifiedCustomer();
      const token = await api.loginToken(customer.email, customer.password);
      const other = await api.loginToken(customer.email, customer.password);
      expect(Array.isArray(await expectOk(await api.divisions(token)))).toBe(true);
      await expectError(await api.divisions(), 401, 'unauthorized');

      expectMessages(await expectOk(await api.logout(token)));

      await expectError(await api.me(customer.id, token), 401, 'sessionInvalid');
      await expectError(await api.divisions(token), 401, 'sessionInvalid');
      await expectError(await api.logout(token), 401, 'sessionInvalid');
      const revoked = await main.server.db.query('SELECT 1 FROM revoked_token WHERE jti = $1', [claimsOf(token).jti]);
      expect(revoked).toHaveLength(1);
      // Only that session ended.
      await expectOk(await api.me(customer.id, other));
    });
  });

  describe('forgotten password', () => {
    it('answers an unknown and a known e-mail byte for byte alike, and mails the known one a link', async () => {
      const customer = await api.verifiedCustomer();
      const unknown = uniqueEmail('nobody');
      const unknownResponse = await api.forgot(unknown);
      const knownResponse = await api.forgot(customer.email);
      expect(unknownResponse.status).toBe(200);
      expect(knownResponse.status).toBe(200);
      const [unknownText, knownText] = [await unknownResponse.text(), await knownResponse.text()];
      expect(knownText).toBe(unknownText);
      expectMessages(JSON.parse(knownText) as Json);

      const link = await api.resetLinkFromMail(customer.email);
      expect(link.id).toBe(customer.id);
      expect(link.mail.text).toContain(`${PUBLIC_URL}/reset_password/${customer.id}/${link.token}`);
      expect(receiver.mails.some((m) => m.to === unknown)).toBe(false);
    });

    it('resets the password once through the mailed link', async () => {
      const customer = await api.verifiedCustomer();
      await expectOk(await api.forgot(customer.email));
      const { id, token } = await api.resetLinkFromMail(customer.email);

      await expectError(await api.reset(id, token, 'weak'), 400, 'passwordWeak');
      await expectError(await api.reset(id, token, 'Password123'), 400, 'passwordWeak');
      // The refused attempts did not use the link up.
      expectMessages(await expectOk(await api.reset(id, token, 'NewSecret456')));

      await api.loginToken(customer.email, 'NewSecret456');
      await expectError(await api.login(customer.email, customer.password), 401, 'loginFailed');
      await expectError(await api.reset(id, token, 'Another789x'), 400, 'resetInvalid');
      await api.loginToken(customer.email, 'NewSecret456');
    });

    it('refuses an expired link', async () => {
      const customer = await api.verifiedCustomer();
      await expectOk(await api.forgot(customer.email));
      const { id, token } = await api.resetLinkFromMail(customer.email);
      await main.server.db.query(`UPDATE password_reset SET expires_at = now() - interval '1 second' WHERE customer_id = $1`, [id]);
      await expectError(await api.reset(id, token, 'NewSecret456'), 400, 'resetInvalid');
      await api.loginToken(customer.email, customer.password);
    });

    it("refuses a link's token with another customer's id", async () => {
      const a = await api.verifiedCustomer();
      const b = await api.verifiedCustomer();
      await expectOk(await api.forgot(a.email));
      const { id, token } = await api.resetLinkFromMail(a.email);
      await expectError(await api.reset(b.id, token, 'NewSecret456'), 400, 'resetInvalid');
      await api.loginToken(b.email, b.password);
      // The token still works for its own account.
      await expectOk(await api.reset(id, token, 'NewSecret456'));
    });

    it('refuses a made-up token and a malformed one', async () => {
      const customer = await api.verifiedCustomer();
      await expectError(await api.reset(customer.id, 'A'.repeat(43), 'NewSecret456'), 400, 'resetInvalid');
      await expectError(await api.reset(customer.id, 'short', 'NewSecret456'), 400, 'invalidId');
      await expectError(await api.reset('not-a-uuid', 'A'.repeat(43), 'NewSecret456'), 400, 'invalidId');
    });

    it('verifies an unverified account through the link (it proves the mailbox)', async () => {
      const fields = registration();
      await expectOk(await api.register(fields), 201);
      await expectOk(await api.forgot(fields.email!));
      const { id, token } = await api.resetLinkFromMail(fields.email!);
      await expectOk(await api.reset(id, token, 'NewSecret456'));
      await api.loginToken(fields.email!, 'NewSecret456');
    });

    it('ends the sessions issued before the reset, not those after', async () => {
      const customer = await api.verifiedCustomer();
      const before = await api.loginToken(customer.email, customer.password);
      await expectOk(await api.me(customer.id, before));
      await expectOk(await api.forgot(customer.email));
      const { id, token } = await api.resetLinkFromMail(customer.email);
      main.clock.set(Date.now() + 5_000);
      try {
        await expectOk(await api.reset(id, token, 'NewSecret456'));
        await expectError(await api.me(customer.id, before), 401, 'sessionInvalid');
        await expectError(await api.divisions(before), 401, 'sessionInvalid');
        main.clock.set(Date.now() + 6_000);
        const after = await api.loginToken(customer.email, 'NewSecret456');
        await expectOk(await api.me(customer.id, after));
      } finally {
        main.clock.reset();
      }
    });

    // Regression: a token issued in the same second as a reset, but before it, must end with it.
    it('ends a session issued moments before the reset, in the same second', async () => {
      const customer = await api.verifiedCustomer();
      await expectOk(await api.forgot(customer.email));
      const { id, token } = await api.resetLinkFromMail(customer.email);
      const second = Math.floor(Date.now() / 1000) * 1000;
      try {
        main.clock.set(second + 100);
        const session = await api.loginToken(customer.email, customer.password);
        main.clock.set(second + 200);
        await expectOk(await api.reset(id, token, 'NewSecret456'));
        expect(claimsOf(session).iat * 1000).toBe(second);
        await expectError(await api.me(customer.id, session), 401, 'sessionInvalid');
        main.clock.set(second + 300);
        await expectOk(await api.me(customer.id, await api.loginToken(customer.email, 'NewSecret456')));
      } finally {
        main.clock.reset();
      }
    });
  });
});

describe.each(databases)('account limits on $name', (database) => {
  let receiver: SmtpReceiver;
  let strict: Awaited<ReturnType<typeof startServer>>;
  let api: Client;

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    strict = await startServer(database, receiver, { guessLimit: { max: 3, windowMs: GUESS_WINDOW_MS } });
    api = client(strict.server, receiver);
  });
  afterAll(async () => {
    await strict?.close();
    await receiver?.close();
  });

  /** A 429 that says the time left in the guess window (header and body alike), not the generic 180 s. */
  async function expectLimited(response: Response) {
    const body = await expectError(response, 429, 'tooManyRequests');
    const seconds = Number(response.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(GUESS_WINDOW_MS / 1000 - 60);
    expect(seconds).toBeLessThanOrEqual(GUESS_WINDOW_MS / 1000);
    expect(body.retry_after).toBe(seconds);
  }

  it('refuses a session token once its lifetime is over, by the server clock', async () => {
    const customer = await api.verifiedCustomer();
    const token = await api.loginToken(customer.email, customer.password);
    const { iat, exp } = claimsOf(token);
    expect(exp - iat).toBe(strict.server.config.tokenTtlSeconds);
    try {
      strict.clock.set(exp * 1000 - 1);
      await expectOk(await api.me(customer.id, token));
      strict.clock.set(exp * 1000);
      await expectError(await api.me(customer.id, token), 401, 'sessionInvalid');
      await expectError(await api.divisions(token), 401, 'sessionInvalid');
    } finally {
      strict.clock.reset();
    }
  });

  it('stops one-time code guessing with 429 and the time left, per e-mail', async () => {
    const fields = registration();
    const email = fields.email!;
    await expectOk(await api.register(fields), 201);
    const code = await api.otpFromMail(email);
    for (let n = 0; n < 3; n++) await expectError(await api.verify(email, otherCode(code)), 400, 'otpInvalid');
    await expectLimited(await api.verify(email, code));
    await expectLimited(await api.verify(email.toUpperCase(), code));
    // Another e-mail is not held back.
    await expectError(await api.verify(uniqueEmail('other'), '123456'), 400, 'otpInvalid');
  });

  it('stops reset-token guessing with 429 per account', async () => {
    const customer = await api.verifiedCustomer();
    const other = await api.verifiedCustomer();
    await expectOk(await api.forgot(customer.email));
    const { id, token } = await api.resetLinkFromMail(customer.email);
    for (let n = 0; n < 3; n++) {
      await expectError(await api.reset(id, `${'A'.repeat(42)}${n}`, 'NewSecret456'), 400, 'resetInvalid');
    }
    await expectLimited(await api.reset(id, token, 'NewSecret456'));
    await expectLimited(await api.reset(id.toUpperCase(), token, 'NewSecret456'));
    await expectError(await api.reset(other.id, 'B'.repeat(43), 'NewSecret456'), 400, 'resetInvalid');
  });

  it('stops password guessing with 429 per e-mail and address', async () => {
    const customer = await api.verifiedCustomer();
    for (let n = 0; n < 3; n++) await expectError(await api.login(customer.email, `Wrong${n}xyz`), 401, 'loginFailed');
    await expectLimited(await api.login(customer.email, customer.password));
    await expectLimited(await api.login(customer.email.toUpperCase(), customer.password));
  });

  // Regression: padding the e-mail with white space must not give fresh guesses.
  it('counts white-space variants of an e-mail against the same limit', async () => {
    const customer = await api.verifiedCustomer();
    for (let n = 0; n < 3; n++) await expectError(await api.login(customer.email, `Wrong${n}xyz`), 401, 'loginFailed');
    await expectLimited(await api.login(customer.email, 'Wrong9xyz'));
    await expectLimited(await api.login(` ${customer.email}`, 'Wrong9xyz'));
    await expectLimited(await api.login(`${customer.email}  `, 'Wrong9xyz'));
  });
});

describe.each(databases)('mail and address limits on $name', (database) => {
  // Regression: a registration whose code cannot be mailed leaves nothing behind.
  it('leaves no account pointing at a deleted picture when the code cannot be mailed', async () => {
    const down = await startSmtpReceiver();
    const url = down.url;
    await down.close();
    const broken = await startServer(database, undefined, { smtpUrl: url });
    try {
      const api = client(broken.server, down);
      const fields = registration();
      // On PostgreSQL the pictures are the database's, other tests' among them.
      const picturesBefore = await api.storedPictures();
      const response = await api.register(fields, { bytes: tinyPng(), name: 'me.png', type: 'image/png' });
      await expectError(response, 500, 'serverError');
      // Nothing is left: no account (so the e-mail can register again) and no picture file.
      expect(await api.customerRow(fields.email!)).toBeUndefined();
      expect((await api.storedPictures())).toEqual(picturesBefore);
    } finally {
      await broken.close();
    }
  });

  // A reset link or a resent code only goes to a registered address: if the answer waited on
  // that mail, its timing (or a mail failure) would tell who has an account.
  it('answers forgot-password and resend for a known address without waiting on its mail', async () => {
    const down = await startSmtpReceiver();
    const url = down.url;
    await down.close();
    const broken = await startServer(database, undefined, { smtpUrl: url });
    try {
      const api = client(broken.server, down);
      const unknown = uniqueEmail('nobody');
      for (const call of [api.forgot, api.resend]) {
        // DEMO_CUSTOMER is verified (resend mails nothing); a fresh unverified row would be mailed: use both.
        const known = await call(DEMO_CUSTOMER.email);
        const stranger = await call(unknown);
        expect(known.status).toBe(200);
        expect(await known.text()).toBe(await stranger.text());
      }
      const pending = registration();
      await broken.server.db.query(
        `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, house_phone_number, subcity, woreda, house_number, gender, language)
         VALUES ('Pending', 'P', 'P', $1, 'x', '+251911000999', '', 'Bole', '01', '1', 'Female', 'am')`,
        [pending.email],
      );
      const resend = await api.resend(pending.email!);
      expect(resend.status).toBe(200);
      expect(await resend.text()).toBe(await (await api.resend(unknown)).text());
    } finally {
      await broken.close();
    }
  });

  // Regression: the guessable-secret routes keep the per-address limit too.
  it('also limits the guessable-secret routes per address', async () => {
    const limited = await startServer(database, undefined, { rateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      for (let n = 0; n < 5; n++) {
        const response = await fetch(`${limited.server.url}/customer_user_api/login_customer_user`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: uniqueEmail('stuffing'), password: 'Guess1234' }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
