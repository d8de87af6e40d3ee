import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { ETHIOPIC, expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { newPhone } from '../helpers/phone-forms.ts';
import { fileServer } from '../helpers/server.ts';

/**
 * Issue 26, "a phone number is enough": an account of a phone alone registers, verifies,
 * logs in and resets its password with codes by SMS (the file provider's DATA_DIR/sms/),
 * at most 5 texts per number an hour; a taken number tells nothing and its owner is texted;
 * an e-mail account works as before.
 */
const databases = await testDatabases();
// Only the test sends the notices: the timer would race it.
const NEVER = 24 * 60 * 60_000;
const PASSWORD = 'Secret-1234';
const NEW_PASSWORD = 'Another-Secret-5678';
const serverFor = fileServer({ notifyPollMs: NEVER });

/** Nine digits of an Ethiopian mobile number no other test holds: 9 and eight random digits. */
const mobileDigits = () => newPhone().slice('+251'.length);

describe.each(databases)('phone accounts (issue 26) on $name', (database) => {
  const server = () => serverFor(database);
  const call = async (method: string, route: string, body: unknown, language = 'en') =>
    fetch(`${(await server()).url}${route}`, {
      method,
      headers: { 'content-type': 'application/json', 'accept-language': language },
      body: JSON.stringify(body),
    });

  const register = async (fields: Record<string, string>, language = 'en') => {
    const form = new FormData();
    const all = { firstname: 'Almaz', middlename: 'Bekele', lastname: 'Tesfaye', password: PASSWORD, gender: 'Female', ...fields };
    for (const [name, value] of Object.entries(all)) form.append(name, value);
    return fetch(`${(await server()).url}/customer_user_api/create_customer_user`, { method: 'POST', body: form, headers: { 'accept-language': language } });
  };

  /** The texts the file provider wrote to `phone`, oldest first. */
  const textsTo = async (phone: string) => {
    const dir = path.join((await server()).config.dataDir, 'sms');
    const names = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    return names.map((name) => fs.readFileSync(path.join(dir, name), 'utf8')).filter((text) => text.startsWith(`To: ${phone}\n`));
  };
  /** Waits for the `count`th text to `phone` (codes to known numbers are sent in the background) and returns it. */
  const nthText = (phone: string, count: number) =>
    vi.waitFor(async () => {
      const texts = await textsTo(phone);
      expect(texts).toHaveLength(count);
      return texts[count - 1];
    });
  const codeIn = (text: string) => {
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    expect(code, text).toBeDefined();
    return code!;
  };
  const row = async (phone: string) =>
    (await (await server()).db.query<{ id: string; email: string | null; phone_verified: boolean }>(
      'SELECT id, email, phone_verified_at IS NOT NULL AS phone_verified FROM customer_user WHERE phone = $1 ORDER BY created_at',
      [phone],
    ));

  /** A phone account, verified with the code texted to it. */
  const verifiedPhoneAccount = async () => {
    const digits = mobileDigits();
    const phone = `+251${digits}`;
    await expectOk(await register({ phone: `0${digits}` }), 201);
    const code = codeIn(await nthText(phone, 1));
    await expectOk(await call('POST', '/customer_user_api/validate_customer_otp', { phone, otp: code }));
    return { digits, phone };
  };

  it('registers, verifies, logs in and resets its password with a phone alone', async () => {
    const digits = mobileDigits();
    const phone = `+251${digits}`;
    // Typed as people write it; stored as +251…, with no e-mail.
    const registered = await expectOk(await register({ phone: `0${digits.slice(0, 3)} ${digits.slice(3)}` }), 201);
    expect(registered.Message_en).toBe('Your account was created. We sent a verification code by SMS to your phone.');
    expect(await row(phone)).toEqual([{ id: expect.any(String), email: null, phone_verified: false }]);

    const codeText = (await textsTo(phone))[0];
    expect(codeText).toMatch(/^To: \+251\d{9}\n\nHDC code: \d{6}\. Valid for 10 minutes\. Never share it with anyone\.\n$/);
    const code = codeIn(codeText);

    await expectError(await call('POST', '/customer_user_api/login_customer_user', { phone, password: PASSWORD }), 403, 'phoneNotVerified');
    const wrong = code === '000000' ? '111111' : '000000';
    await expectError(await call('POST', '/customer_user_api/validate_customer_otp', { phone, otp: wrong }), 400, 'otpInvalid');
    const verified = await expectOk(await call('POST', '/customer_user_api/validate_customer_otp', { phone: `+251 ${digits}`, otp: code }));
    expect(verified.Message_en).toBe('Your phone number is verified. You can log in now.');
    expect((await row(phone))[0].phone_verified).toBe(true);

    const { token } = await expectOk(await call('POST', '/customer_user_api/login_customer_user', { phone: `0${digits}`, password: PASSWORD }));
    const { id } = (await row(phone))[0];
    const profile = await expectOk(await fetch(`${(await server()).url}/customer_user_api/get_customer_user/${id}`, { headers: { authorization: `Bearer ${token}` } }));
    expect({ email: profile.email, phone: profile.phone }).toEqual({ email: null, phone });

    // Forgot, in Amharic: a code by SMS, in one Ethiopic segment.
    const forgot = await expectOk(await call('POST', '/customer_user_api/forgot_customer_user', { phone: digits }, 'am'));
    expect(forgot.Message_en).toBe('If an account uses this phone number, we sent it a code by SMS to reset the password.');
    const resetText = await nthText(phone, 2);
    expect(resetText).toMatch(ETHIOPIC);
    const resetCode = codeIn(resetText);

    const reset = (password: string, otp = resetCode) => call('POST', '/customer_user_api/reset_customer_password_by_code', { phone, otp, password });
    // A weak password does not use the code up.
    await expectError(await reset(digits), 400, 'passwordWeak');
    await expectError(await reset(NEW_PASSWORD, wrong === resetCode ? '222222' : wrong), 400, 'otpInvalid');
    await expectOk(await reset(NEW_PASSWORD));
    await expectError(await reset(NEW_PASSWORD), 400, 'otpInvalid');
    await expectError(await call('POST', '/customer_user_api/login_customer_user', { phone, password: PASSWORD }), 401, 'loginFailed');
    await expectOk(await call('POST', '/customer_user_api/login_customer_user', { phone, password: NEW_PASSWORD }));

    // Told of the change by SMS alone: there is no e-mail to mail.
    const jobs = await (await server()).db.query<{ channel: string }>(
      `SELECT channel FROM notification_job WHERE customer_id = $1 AND notice = 'password_changed'`, [id]);
    expect(jobs).toEqual([{ channel: 'sms' }]);
    await (await server()).app.drainNotifications();
    expect(await nthText(phone, 3)).toContain('password');
  });

  it('sends at most 5 codes to a number an hour, known or not', async () => {
    const digits = mobileDigits();
    const phone = `+251${digits}`;
    await expectOk(await register({ phone }), 201);
    for (let resend = 2; resend <= 5; resend++) await expectOk(await call('PUT', '/customer_user_api/resend_customer_otp', { phone: `0${digits}` }));
    await nthText(phone, 5);
    const refused = await call('POST', '/customer_user_api/forgot_customer_user', { phone });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(55 * 60);
    await expectError(refused, 429, 'smsCodeLimit');
    await expectError(await call('PUT', '/customer_user_api/resend_customer_otp', { phone }), 429, 'smsCodeLimit');
    expect(await textsTo(phone)).toHaveLength(5);

    // A number with no account is counted alike, so the 429 tells nobody who registered.
    const unknown = `+251${mobileDigits()}`;
    for (let ask = 1; ask <= 5; ask++) await expectOk(await call('POST', '/customer_user_api/forgot_customer_user', { phone: unknown }));
    await expectError(await call('POST', '/customer_user_api/forgot_customer_user', { phone: unknown }), 429, 'smsCodeLimit');
    expect(await textsTo(unknown)).toEqual([]);
  });

  it('answers a registration with a taken number as a new one, stores nothing and texts its owner', async () => {
    const { digits, phone } = await verifiedPhoneAccount();
    const fresh = await expectOk(await register({ phone: `+251${mobileDigits()}` }), 201);
    const taken = await register({ firstname: 'Someone', phone: `0${digits}`, password: 'Other-Secret-999' });
    expect({ status: taken.status, body: await taken.json() }).toEqual({ status: 201, body: fresh });
    expect(await row(phone)).toEqual([{ id: expect.any(String), email: null, phone_verified: true }]);
    const warning = await nthText(phone, 2);
    expect(warning).toContain('someone tried to register with your number');
    expect(warning).not.toMatch(/\d{6}\./);

    // An e-mail account may give the same number (a family's phone) but can never verify it: the number is taken.
    await expectOk(await register({ phone, email: `family-${randomUUID()}@example.test` }), 201);
    const [, family] = await row(phone);
    expect(family.email).toMatch(/^family-/);
    await expect((await server()).db.query('UPDATE customer_user SET phone_verified_at = now() WHERE id = $1', [family.id])).rejects.toThrow(
      /customer_user_phone_key/,
    );
    // The number signs in the phone's own account, not the family's.
    const [owner] = await row(phone);
    const { token } = await expectOk(await call('POST', '/customer_user_api/login_customer_user', { phone, password: PASSWORD }));
    const own = await fetch(`${(await server()).url}/customer_user_api/get_customer_user/${owner.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await expectOk(own)).email).toBeNull();
  });

  it('keeps the e-mail account as it was', async () => {
    const email = `mail-${randomUUID()}@example.test`;
    const phone = `+251${mobileDigits()}`;
    const registered = await expectOk(await register({ email, phone }), 201);
    expect(registered.Message_en).toBe('Your account was created. We sent a verification code to your email.');
    const mailDir = path.join((await server()).config.dataDir, 'mail');
    const mail = fs.readdirSync(mailDir).map((name) => fs.readFileSync(path.join(mailDir, name), 'utf8')).find((text) => text.includes(`To: ${email}\n`));
    const code = /^\s+(\d{6})$/m.exec(mail ?? '')?.[1];
    expect(code, mail).toBeDefined();
    expect(await textsTo(phone)).toEqual([]);

    await expectError(await call('POST', '/customer_user_api/login_customer_user', { email, password: PASSWORD }), 403, 'emailNotVerified');
    // The number of an e-mail account signs nothing in.
    await expectError(await call('POST', '/customer_user_api/login_customer_user', { phone, password: PASSWORD }), 401, 'loginFailed');
    const verified: Json = await expectOk(await call('POST', '/customer_user_api/validate_customer_otp', { email, otp: code }));
    expect(verified.Message_en).toBe('Your email is verified. You can log in now.');
    await expectOk(await call('POST', '/customer_user_api/login_customer_user', { email, password: PASSWORD }));
    const forgot = await expectOk(await call('POST', '/customer_user_api/forgot_customer_user', { email }));
    expect(forgot.Message_en).toBe('If an account uses this email, we sent it a link to reset the password.');
    await expectError(await call('POST', '/customer_user_api/forgot_customer_user', {}), 400, 'emailOrPhone');
    await expectError(await call('POST', '/customer_user_api/forgot_customer_user', { email, phone }), 400, 'emailOrPhone');
  });
});
