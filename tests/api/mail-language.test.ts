import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { expectOk } from '../helpers/expect-api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp.ts';

const databases = await testDatabases();
let counter = 0;
const uniqueEmail = () => `lang-${process.pid}-${Date.now().toString(36)}-${++counter}@example.test`;

// The subjects server/mail/templates.ts writes in English and in Amharic.
const CODE = { en: 'Your verification code', am: 'የማረጋገጫ ኮድዎ' };
const RESET = { en: 'Reset your password', am: 'የይለፍ ቃልዎን ይቀይሩ' };

/**
 * Issue 12: a mail follows the language the app shows when the customer asks for it (the
 * app sends it as Accept-Language), not the one they registered in; a request that names
 * none gets the stored language.
 */
describe.each(databases)('mail language on $name', (database) => {
  let receiver: SmtpReceiver;
  let server: TestServer;

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    server = await startTestServer(database, { smtpUrl: receiver.url, publicUrl: 'http://portal.test' });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  const call = (method: string, path: string, body: unknown, language?: string) =>
    fetch(`${server.url}/customer_user_api/${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(language ? { 'accept-language': language } : {}) },
      body: JSON.stringify(body),
    });

  /** Registers with the app in `language`; the code mail comes in it and the customer is stored with it. */
  async function registerIn(language: string) {
    const email = uniqueEmail();
    const form = new FormData();
    const fields = {
      firstname: 'Abebe', middlename: 'Kebede', lastname: 'Tadesse', email, password: 'Secret-1234', subcity: 'Bole',
      woreda: '03', house_number: '1250', phone: '+251911000222', house_phone_number: '0111234567', gender: 'Male',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    await expectOk(await fetch(`${server.url}/customer_user_api/create_customer_user`, {
      method: 'POST', body: form, headers: { 'accept-language': language },
    }), 201);
    return email;
  }

  it('resends the code in the language the app shows now, not the one registered in', async () => {
    const email = await registerIn('am');
    expect((await receiver.waitForMail(email)).subject).toBe(CODE.am);
    await expectOk(await call('PUT', 'resend_customer_otp', { email }, 'en'));
    expect((await receiver.waitForMail(email)).subject).toBe(CODE.en);
  });

  it('mails the reset link in the language the app shows now; without one, in the stored language', async () => {
    const email = await registerIn('en');
    await receiver.waitForMail(email);
    await expectOk(await call('POST', 'forgot_customer_user', { email }, 'am'));
    expect((await receiver.waitForMail(email)).subject).toBe(RESET.am);
    await expectOk(await call('POST', 'forgot_customer_user', { email }));
    expect((await receiver.waitForMail(email)).subject).toBe(RESET.en);
  });
});
