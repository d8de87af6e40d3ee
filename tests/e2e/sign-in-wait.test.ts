import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { chooseLanguage, hasChromium, newPage, screenshot } from '../helpers/browser.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';

// Ten minutes, so the wait the app shows can only have come from the server's Retry-After.
const WINDOW_MS = 10 * 60_000;

describe.skipIf(!hasChromium)('the sign-in lock in Chromium', () => {
  const app = appInChromium({ guessLimit: { max: 2, windowMs: WINDOW_MS } });


  async function tryPassword(page: Page, password: string) {
    await page.locator('#login-email').fill(DEMO_CUSTOMER.email);
    await page.locator('input[type=password]').fill(password);
    const answered = page.waitForResponse('**/customer_user_api/login_customer_user');
    await page.locator('form button[type=submit]').click();
    return answered;
  }

  it("counts down the server's time left, without blaming this device", async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/login');
    await chooseLanguage(page, 'en');
    for (let n = 0; n < 2; n++) expect((await tryPassword(page, `Wrong${n}xyz1`)).status()).toBe(401);
    const locked = await tryPassword(page, DEMO_CUSTOMER.password);
    expect(locked.status()).toBe(429);
    const retryAfter = Number(await locked.headerValue('retry-after'));
    expect(retryAfter).toBeGreaterThan(WINDOW_MS / 1000 - 30);

    const countdown = page.getByTestId('countdown');
    await countdown.waitFor();
    const [minutes, seconds] = (await countdown.textContent())!.split(':').map(Number);
    expect(minutes * 60 + seconds).toBeGreaterThan(retryAfter - 5);
    expect(minutes * 60 + seconds).toBeLessThanOrEqual(retryAfter);
    expect(await page.getByRole('heading', { name: 'Please wait 10 minutes before retrying.' }).count()).toBe(1);
    const text = await page.locator('main').textContent();
    expect(text).toContain('Too many attempts.');
    expect(text).not.toMatch(/device/i);
    await screenshot(page, 'sign-in-wait-en');
    await context.close();
  });

  it('writes the wait in Amharic', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/login');
    await chooseLanguage(page, 'am');
    // The same address is still locked: the first try already waits.
    expect((await tryPassword(page, DEMO_CUSTOMER.password)).status()).toBe(429);
    await page.getByTestId('countdown').waitFor();
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).toMatch(/^እባክዎ እንደገና ከመሞከርዎ በፊት (10|9) ደቂቃ ይጠብቁ።$/);
    await screenshot(page, 'sign-in-wait-am');
    await context.close();
  });
});
