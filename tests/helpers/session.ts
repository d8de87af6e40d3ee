import type { BrowserContext, Page } from 'playwright-core';
import { LOCALES, type Locale } from '../../src/i18n/locales.ts';
import { staffSignIn } from './staff-sign-in.ts';
import { storeOncePerTab } from './browser.ts';

/** Logs a customer in through the login page, as a person would, and waits for the dashboard. */
export async function logInThroughPage(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('#login-email').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/\/dashboard$/);
}

export interface Login {
  email: string;
  password: string;
}

/** Who signs in: a customer (the app keeps the token under `tID`) or a staff user (`staffToken`). */
export type Role = 'customer' | 'staff';

// Where the app keeps each token in a tab's session storage: src/app/session.ts and src/app/staff-session.ts.
const TOKEN_KEY: Record<Role, string> = { customer: 'tID', staff: 'staffToken' };

/** A session token from the API's own log-in, as the log-in page would get it (an admin's code step too). */
export async function tokenFor(baseURL: string, role: Role, { email, password }: Login): Promise<string> {
  if (role === 'staff') return staffSignIn(baseURL, { email, password });
  const response = await fetch(new URL('/customer_user_api/login_customer_user', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json().catch(() => ({}))) as { token?: unknown };
  if (response.status !== 200 || typeof body.token !== 'string') {
    throw new Error(`The ${role} log-in of ${email} answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.token;
}

/**
 * Signs a tab in without the log-in form, for tests whose subject is not the log-in (the
 * form itself: accounts, forms and sign-in-wait tests). The token comes from the API and is
 * put where the app keeps it before the page's first script runs (an init script), so the
 * first page the test opens is already signed in. It is put there once per tab: a later
 * logout, expiry or `sessionStorage.clear()` stays done across reloads, as after a real
 * log-in. `locale` also sets the language the app starts in (as the selector keeps it), for
 * tests that do not choose it on screen.
 *
 * Given a page, only that tab is signed in; given a context, every tab it opens later too.
 */
export async function signInByToken(
  target: Page | BrowserContext,
  baseURL: string,
  role: Role,
  login: Login,
  { locale }: { locale?: Locale } = {},
): Promise<string> {
  const token = await tokenFor(baseURL, role, login);
  await storeOncePerTab(target, {
    origin: new URL(baseURL).origin,
    session: { [TOKEN_KEY[role]]: token },
    local: locale ? { lan: LOCALES[locale].spec } : undefined,
  });
  return token;
}

/** How much ink the first rendered PDF page has: a blank render has none. */
export function inkOnFirstPage(page: Page, scope = 'body') {
  return page.locator(`${scope} canvas.pdf-page`).first().evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 128 && data[i + 3] > 0) dark++;
    return dark;
  });
}
