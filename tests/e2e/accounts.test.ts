import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock, outliveSession, startAppServer } from '../helpers/app-server.ts';
import { chooseLanguage, hasChromium, launchChromium, newPage, screenshot, VIEWPORTS } from '../helpers/browser.ts';
import type { TestServer } from '../helpers/server.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { newPhone } from '../helpers/phone-forms.ts';

// A 2×2 PNG, made once so the upload is a real image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNgYPj/n4GB4f9/BgYGBgA+4AP9Xy2YNgAAAABJRU5ErkJggg==',
  'base64',
);

describe.skipIf(!hasChromium)('customer accounts in Chromium', () => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let browser: Browser;
  let pictureFile: string;
  let counter = 0;
  const email = () => `person${Date.now()}${counter++}@example.com`;
  // The server's clock, moved past a session's lifetime by one test and put back after it.
  const clock = movableClock();

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startAppServer({ smtpUrl: smtp.url, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-')), clock: clock.now });
    browser = await launchChromium();
    pictureFile = path.join(os.tmpdir(), 'avatar.png');
    fs.writeFileSync(pictureFile, PNG);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1];

  async function fillRegistration(page: Page, address: string, password = 'Entoto-Hill 2026') {
    const form = page.locator('form');
    await form.locator('[name=firstname]').fill('Hanna');
    await form.locator('[name=middlename]').fill('Girma');
    await form.locator('[name=lastname]').fill('Wolde');
    await form.locator('[name=email]').fill(address);
    await form.locator('[name=password]').fill(password);
    await form.locator('[name=confirmPassword]').fill(password);
    await form.locator('[name=phone]').fill('+251911223344');
    await form.locator('[name=subcity]').fill('Yeka');
    await form.locator('[name=woreda]').fill('07');
    await form.locator('[name=house_number]').fill('221');
    await form.locator('[name=gender]').selectOption('Female');
  }

  async function logIn(page: Page, address: string, password: string) {
    await page.goto('/login');
    await page.locator('#login-email').fill(address);
    await page.locator('input[type=password]').fill(password);
    await page.locator('form button[type=submit]').click();
  }

  it('registers with a picture, verifies the e-mailed code (after a resend), logs in, sees the profile and logs out', async () => {
    const address = email();
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/');
    await chooseLanguage(page, 'en');
    await page.locator('.auth-links').getByRole('link', { name: 'Register' }).click();
    await page.waitForURL('**/register');
    await fillRegistration(page, address);
    await page.locator('#picture').setInputFiles(pictureFile);
    await expect.poll(() => page.locator('.picture-picker img').getAttribute('src')).toMatch(/^blob:/);
    await screenshot(page, 'register-en');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/email/verification');
    await screenshot(page, 'verify-en-start');
    // The address changes before the code screen has replaced the form: wait for its card.
    await expect.poll(() => page.locator('.auth-card-head').textContent()).toContain(address);
    const first = await smtp.waitForMail(address);

    await page.getByRole('button', { name: 'Resend code' }).click();
    const second = await smtp.waitForMail(address);
    await page.getByRole('status').filter({ hasText: 'new verification code' }).waitFor();
    await page.getByLabel('Verification code').fill(codeIn(first.text));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'wrong or has expired' }).waitFor();
    await page.getByLabel('Verification code').fill(codeIn(second.text));
    await screenshot(page, 'verify-en');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/login');

    await logIn(page, address, 'Entoto-Hill 2026');
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByTestId('customer-name').textContent()).toBe('Hanna Girma Wolde');
    const avatar = page.locator('.dashboard-user .avatar img');
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
    expect(await page.evaluate(() => sessionStorage.getItem('tID'))).toMatch(/^ey/);
    await screenshot(page, 'dashboard-en');

    await page.locator('.dashboard-sidebar').getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/dashboard/settings');
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    expect(await page.locator('.profile-card').textContent()).toContain('Customer');
    expect(await page.locator('.profile-card .badge').textContent()).toBe('Active');
    expect(await page.locator('.profile-details').first().textContent()).toContain(address);
    await screenshot(page, 'profile-en');

    await page.locator('.dashboard-sidebar').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await page.evaluate(() => sessionStorage.getItem('tID'))).toBeNull();
    await page.goto('/dashboard/settings');
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });

  it('resets a forgotten password through the e-mailed link, then logs in with the new one', async () => {
    const { context, page } = await newPage(browser, server.url);
    // The page's clock: the 6 seconds before the move to the log-in page are moved, not waited for.
    await page.clock.install();
    await page.goto('/');
    await chooseLanguage(page, 'en');
    // A fresh verified account, made through the API so this test stands alone.
    const address = email();
    const form = new FormData();
    for (const [k, v] of Object.entries({ firstname: 'Dawit', middlename: 'Alemu', lastname: 'Haile', email: address, password: 'Old-Secret-2026', phone: '0911000000', gender: 'Male' })) form.append(k, v);
    expect((await fetch(`${server.url}/customer_user_api/create_customer_user`, { method: 'POST', body: form })).status).toBe(201);
    const code = codeIn((await smtp.waitForMail(address)).text);
    await fetch(`${server.url}/customer_user_api/validate_customer_otp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: address, otp: code }) });

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgotpassword');
    // The address changes before the log-in page (with its own Email field) is replaced.
    await page.getByRole('heading', { level: 1, name: 'Forgot password' }).waitFor();
    await page.getByLabel('Email').fill(address);
    await page.getByRole('button', { name: 'Get reset link' }).click();
    await page.locator('.success-message').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    await screenshot(page, 'forgot-en');

    const link = /https?:\/\/\S+\/reset_password\/\S+/.exec((await smtp.waitForMail(address)).text)![0];
    await page.goto(new URL(link).pathname);
    const [newPassword, retyped] = [page.locator('input[type=password]').nth(0), page.locator('input[type=password]').nth(1)];
    await newPassword.fill('New-Secret-2026');
    await retyped.fill('New-Secret-2099');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByTestId('error-summary').getByText('Password and Re-Type Password did not match').waitFor();
    await retyped.fill('New-Secret-2026');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.locator('.success-message').filter({ hasText: 'Going to the log-in page' }).waitFor();
    await screenshot(page, 'reset-en');
    for (let second = 0; second < 6; second++) await page.clock.runFor(1000);
    await page.waitForURL('**/login');

    await logIn(page, address, 'Old-Secret-2026');
    await page.getByRole('alert').filter({ hasText: 'email or password is wrong' }).waitFor();
    await logIn(page, address, 'New-Secret-2026');
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });

  it('logs the customer out when the token expires', async () => {
    const shortLived = server;
    try {
      const { context, page } = await newPage(browser, shortLived.url);
      await page.clock.install();
      await logIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await page.waitForURL(/\/dashboard$/);
      await outliveSession(page, shortLived, clock);
      await page.waitForURL(`${shortLived.url}/`);
      expect(await page.evaluate(() => sessionStorage.getItem('tID'))).toBeNull();
      await context.close();
    } finally {
      clock.reset();
    }
  });

  it('opens the mobile navigation panel at 375 px', async () => {
    const { context, page } = await newPage(browser, server.url, VIEWPORTS.phone);
    await page.goto('/');
    await chooseLanguage(page, 'en');
    await logIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await page.waitForURL(/\/dashboard$/);
    expect(await page.locator('.dashboard-sidebar').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    const panel = page.locator('#dashboard-mobile-nav');
    await expect.poll(() => panel.getByRole('link').count()).toBe(5);
    await screenshot(page, 'dashboard-en-phone-menu');
    await panel.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/dashboard/settings');
    expect(await panel.count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'profile-en-phone');
    await context.close();
  });

  it('speaks Amharic on the key screens of the journey', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/register');
    const ethiopic = /[\u1200-\u137F]/;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(ethiopic);
    await fillRegistration(page, email());
    await page.locator('[name=firstname]').fill('A'.repeat(50));
    await page.locator('form button[type=submit]').click();
    const error = page.locator('.form-error').first();
    await error.waitFor();
    expect(await error.textContent()).toMatch(ethiopic);
    expect(await error.textContent()).toContain('50');
    await screenshot(page, 'register-am-error');

    await page.goto('/login');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(ethiopic);
    await screenshot(page, 'login-am');
    await logIn(page, DEMO_CUSTOMER.email, 'wrong-password1');
    const refusal = page.getByRole('alert').first();
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(ethiopic);

    await logIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.locator('.dashboard-greeting').textContent()).toMatch(ethiopic);
    expect(await page.locator('.dashboard-company').textContent()).toMatch(ethiopic);
    await screenshot(page, 'dashboard-am');
    await page.goto('/dashboard/settings');
    await page.locator('.profile-card').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(ethiopic);
    await screenshot(page, 'profile-am');
    await context.close();
  });

  /** The SMS the file provider wrote to `phone` (DATA_DIR/sms/), newest last. */
  const smsTo = (phone: string) => {
    const dir = path.join(server.config.dataDir, 'sms');
    return fs.existsSync(dir)
      ? fs.readdirSync(dir).sort().map((name) => fs.readFileSync(path.join(dir, name), 'utf8')).filter((text) => text.startsWith(`To: ${phone}\n`))
      : [];
  };

  it('registers with a phone number alone in Amharic on a phone, verifies the code sent by SMS, logs in with the number and keeps SMS notices only (issue 26)', async () => {
    const phone = newPhone();
    const { context, page } = await newPage(browser, server.url, VIEWPORTS.phone);
    await page.goto('/register');
    await fillRegistration(page, '');
    await page.locator('[name=phone]').fill(`0${phone.slice(4)}`);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/email/verification');
    // The code came by SMS, in Amharic, saying it must not be shared; no e-mail was asked for.
    await expect.poll(() => smsTo(phone).length).toBe(1);
    const [sms] = smsTo(phone);
    expect(sms).toMatch(/[\u1200-\u137F]/);
    await page.locator('#otp').fill(codeIn(sms));
    await screenshot(page, 'verify-phone-am-phone');
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/login');

    await logIn(page, `0${phone.slice(4)}`, 'Entoto-Hill 2026');
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/dashboard/settings');
    const channels = page.locator('section[aria-labelledby=notice-channels]');
    await channels.locator('input[type=checkbox]').first().waitFor();
    // No e-mail address: SMS is the only channel offered (no bot is configured here).
    expect(await channels.locator('input[type=checkbox]').count()).toBe(1);
    expect(await channels.locator('input[type=checkbox]').isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'profile-phone-am-phone');
    const [account] = await server.db.query<{ email: string | null; phone_verified: boolean }>(
      'SELECT email, phone_verified_at IS NOT NULL AS phone_verified FROM customer_user WHERE phone = $1', [phone],
    );
    expect(account).toEqual({ email: null, phone_verified: true });
    await context.close();
  });
});
