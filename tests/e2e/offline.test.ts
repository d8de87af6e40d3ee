import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appInChromium, movableClock, outliveSession } from '../helpers/app-server.ts';
import { chooseLanguage, CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium, newPage, screenshot } from '../helpers/browser.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { inkOnFirstPage, logInThroughPage, signInByToken } from '../helpers/session.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { chromium } from 'playwright-core';

/** Loads a page online until the service worker controls it and has cached what the page read. */
async function visitOnline(page: Page, url: string) {
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

const pending = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('portal-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('items').objectStore('items').getAll();
          request.onsuccess = () => resolve((request.result as { state: string }[]).filter((i) => i.state !== 'sent').length);
        };
      }),
  );

describe.skipIf(!hasChromium)('offline-tolerant PWA in Chromium', () => {
  // The server's clock, moved past a session's lifetime by one test and put back after it.
  const clock = movableClock();
  // A copy of the built app of this file's own: one test deploys a new service worker into it.
  const deployed = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-'));
  const dist = path.resolve(import.meta.dirname, '../../dist');
  if (fs.existsSync(dist)) fs.cpSync(dist, deployed, { recursive: true });
  const app = appInChromium({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'offline-e2e-')), staticDir: deployed, clock: clock.now });
  let pdfFile: string;
  const pdfBytes = tinyPdf('Offline evidence');

  beforeAll(async () => {
    pdfFile = path.join(os.tmpdir(), 'offline-evidence.pdf');
    fs.writeFileSync(pdfFile, pdfBytes);
  });

  const online = (url: string) => newPage(app.browser, url, undefined, { serviceWorkers: 'allow' });
  const accusationCount = async () => (await app.server.db.query<{ n: number }>('SELECT count(*) AS n FROM accusation'))[0].n;

  it('opens the public pages offline after one online visit, the manual PDF included', async () => {
    const { context, page } = await online(app.server.url);
    await visitOnline(page, '/');
    await chooseLanguage(page, 'en');
    await page.locator('.service-card').first().waitFor();
    const division = await page.locator('.service-card').first().getAttribute('href');
    for (const url of [division!, '/manual', '/makeaccusation', '/checkstatus']) {
      await page.goto(url);
      if (url === '/manual') await page.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
      else await page.getByRole('heading', { level: 1 }).waitFor();
    }
    await context.setOffline(true);

    const started = Date.now();
    await page.goto('/');
    await page.locator('.service-card').first().waitFor();
    const reloadMs = Date.now() - started;
    console.log(`offline reload of / took ${reloadMs} ms`);
    await page.getByTestId('offline-banner').waitFor();
    await screenshot(page, 'offline-landing-en');
    // The other catalog and the Ethiopic font come from the precache too.
    await chooseLanguage(page, 'am');
    await expect.poll(() => page.getByTestId('offline-banner').textContent()).toMatch(/[\u1200-\u137F]/);
    expect(await page.locator('.service-card-name').first().textContent()).toMatch(/[\u1200-\u137F]/);
    await screenshot(page, 'offline-landing-am');
    await chooseLanguage(page, 'en');

    await page.goto(division!);
    await page.locator('.directorate-card').first().waitFor();
    await page.goto('/manual');
    await page.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
    expect(await inkOnFirstPage(page)).toBeGreaterThan(1000);
    await page.goto('/makeaccusation');
    await page.locator('form [name=subject]').waitFor();
    await page.goto('/checkstatus');
    await page.locator('#case-number').fill('HDC-2019-000001');
    await page.getByRole('button', { name: 'Check Status' }).click();
    await page.getByText(/offline or the server cannot be reached/).waitFor();
    await screenshot(page, 'offline-checkstatus-en');
    await context.close();
  });

  it('keeps an offline accusation with its PDF in the outbox and sends it exactly once when back online', async () => {
    const { context, page } = await online(app.server.url);
    await visitOnline(page, '/makeaccusation');
    await chooseLanguage(page, 'en');
    const before = await accusationCount();
    await context.setOffline(true);
    await page.locator('form [name=subject]').fill('Offline complaint');
    await page.locator('form [name=description]').fill('Filed from a field office without a connection.');
    await page.locator('#accusation-attachment').setInputFiles(pdfFile);
    await page.locator('form button[type=submit]').click();
    // The receipt panel takes the form's place: the queued state and the number it is kept under.
    const queued = page.getByTestId('accusation-queued');
    await queued.waitFor();
    expect(await page.locator('form').count()).toBe(0);
    expect(await queued.getByRole('heading', { level: 1 }).textContent()).toBe('Saved on this device');
    expect(await page.getByTestId('accusation-queued-number').textContent()).toMatch(/^[0-9A-F]{8}$/);
    await expect.poll(() => page.getByTestId('outbox-count').textContent()).toBe('1');
    // "File another" opens an empty form: the queued text went to the outbox, not back into the form.
    await queued.getByRole('button', { name: 'File another accusation' }).click();
    for (const name of ['subject', 'description']) expect(await page.locator(`form [name=${name}]`).inputValue()).toBe('');
    expect(await page.getByTestId('accusation-attachment-name').textContent()).toBe('No file chosen');
    await page.getByTestId('outbox-link').click();
    await page.locator('[data-testid=outbox-item][data-state=waiting]').waitFor();
    await screenshot(page, 'outbox-waiting-en');
    expect(await accusationCount()).toBe(before);

    await context.setOffline(false);
    await page.locator('[data-testid=outbox-item][data-state=sent]').waitFor({ timeout: 20_000 });
    expect(await pending(page)).toBe(0);
    expect(await page.getByTestId('outbox-count').count()).toBe(0);
    const rows = await app.server.db.query<{ reference: string; attachment: string }>(
      "SELECT reference, attachment FROM accusation WHERE subject = 'Offline complaint'",
    );
    expect(rows).toHaveLength(1);
    expect(await page.locator('[data-testid=outbox-item]').first().textContent()).toContain(rows[0].reference);
    const stored = fs.readFileSync(path.join(app.server.config.dataDir, 'files', 'accusation-files', rows[0].attachment));
    expect(stored.equals(pdfBytes)).toBe(true);
    await screenshot(page, 'outbox-sent-en');
    await context.close();
  });

  it('sends exactly once when the page closes while sending and reopens', async () => {
    const { context, page } = await online(app.server.url);
    await visitOnline(page, '/makeaccusation');
    await chooseLanguage(page, 'en');
    await context.setOffline(true);
    await page.locator('form [name=subject]').fill('Closed mid-send');
    await page.locator('form [name=description]').fill('The answer never came back.');
    await page.locator('form button[type=submit]').click();
    await page.getByTestId('accusation-queued').waitFor();

    // The server receives the filing, but its answer is lost on the way back.
    let reached = false;
    await context.route('**/accusation_acceptor_api/create_accusation', async (route) => {
      await route.fetch();
      reached = true;
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    await expect.poll(() => reached, { timeout: 15_000 }).toBe(true);
    await page.close();
    await context.unroute('**/accusation_acceptor_api/create_accusation');

    const reopened = await context.newPage();
    await reopened.goto('/outbox');
    await reopened.locator('[data-testid=outbox-item][data-state=sent]').waitFor({ timeout: 20_000 });
    const rows = await app.server.db.query("SELECT id FROM accusation WHERE subject = 'Closed mid-send'");
    expect(rows).toHaveLength(1);
    await context.close();
  });

  it('shows a refusal in the outbox with the server message, and discards it after a confirmation', async () => {
    const { context, page } = await online(app.server.url);
    await visitOnline(page, '/makeaccusation');
    await chooseLanguage(page, 'en');
    await context.setOffline(true);
    // The form checks only what is missing; a phone number it cannot take only the server refuses, later.
    await page.locator('form [name=subject]').fill('Refused later');
    await page.locator('form [name=description]').fill('The phone number is not one.');
    await page.locator('form [name=phone]').fill('call me at noon');
    await page.locator('form button[type=submit]').click();
    await page.getByTestId('accusation-queued').waitFor();
    await page.goto('/outbox');
    await context.setOffline(false);
    const refused = page.locator('[data-testid=outbox-item][data-state=refused]');
    await refused.waitFor({ timeout: 20_000 });
    expect(await refused.textContent()).toContain('Please enter a valid phone number (digits, optionally starting with +).');
    await screenshot(page, 'outbox-refused-en');
    await refused.getByRole('button', { name: 'Discard' }).click();
    await refused.getByRole('button', { name: 'Yes, discard' }).click();
    await expect.poll(() => page.locator('[data-testid=outbox-item][data-state=refused]').count()).toBe(0);
    await context.close();
  });

  async function applyOffline(page: Page, context: BrowserContext, remark: string) {
    await page.goto('/dashboard/cases');
    await page.locator('#division option').nth(1).waitFor({ state: 'attached' });
    await context.setOffline(true);
    await page.locator('#division').selectOption({ label: 'Housing Sales and Transfer' });
    await page.locator('#case-request').selectOption({ label: 'Buying a corporation house' });
    const questions = page.locator('fieldset.questions');
    await questions.locator('input[type=text]').first().fill('C-7/101');
    await questions.locator('input[type=number]').first().fill('3');
    await questions.locator('select').first().selectOption({ index: 1 });
    await questions.locator('textarea').first().fill('Applied offline.');
    await page.locator('#attachment').setInputFiles(pdfFile);
    await page.locator('#remark').fill(remark);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('confirmation').waitFor();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('application-queued').waitFor();
  }
  const casesWithRemark = (remark: string) => app.server.db.query<{ attachment: string }>('SELECT attachment FROM customer_case WHERE remark = $1', [remark]);

  it('keeps an offline case application (every question type) and sends exactly one case when back online', async () => {
    const { context, page } = await online(app.server.url);
    await signInByToken(page, app.server.url, 'customer', DEMO_CUSTOMER, { locale: 'en' });
    await visitOnline(page, '/dashboard');
    await applyOffline(page, context, 'Offline application');
    expect(await casesWithRemark('Offline application')).toHaveLength(0);
    await context.setOffline(false);
    await page.goto('/outbox');
    await page.locator('[data-testid=outbox-item][data-state=sent]').waitFor({ timeout: 20_000 });
    const rows = await casesWithRemark('Offline application');
    expect(rows).toHaveLength(1);
    const stored = fs.readFileSync(path.join(app.server.config.dataDir, 'files', 'case-files', rows[0].attachment));
    expect(stored.equals(pdfBytes)).toBe(true);
    expect(await pending(page)).toBe(0);
    await context.close();
  });

  it('holds a queued application whose session expired as "sign in to send", and sends it once after sign-in', async () => {
    const shortLived = app.server;
    try {
      const { context, page } = await online(shortLived.url);
      await page.clock.install();
      await signInByToken(page, shortLived.url, 'customer', DEMO_CUSTOMER, { locale: 'en' });
      await visitOnline(page, '/dashboard');
      await applyOffline(page, context, 'Sent after sign-in');
      // The session ends while the device is offline.
      await outliveSession(page, shortLived, clock);
      await page.waitForURL(`${shortLived.url}/`);
      await context.setOffline(false);
      await page.goto('/outbox');
      const waiting = page.locator('[data-testid=outbox-item][data-state=needs-sign-in]');
      await waiting.waitFor({ timeout: 15_000 });
      expect(await waiting.textContent()).toContain('sign in to send');
      await screenshot(page, 'outbox-needs-sign-in-en');
      const count = async () =>
        (await shortLived.db.query('SELECT id FROM customer_case WHERE remark = $1', ['Sent after sign-in'])).length;
      expect(await count()).toBe(0);
      await logInThroughPage(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await expect.poll(count, { timeout: 15_000 }).toBe(1);
      await page.goto('/outbox');
      await page.locator('[data-testid=outbox-item][data-state=sent]').waitFor();
      expect(await count()).toBe(1);
      await context.close();
    } finally {
      clock.reset();
    }
  });

  it('says so when a new version is deployed while the app is open', async () => {
    // This file's server serves a copy of the built app, whose service worker then changes.
    {
      const { context, page } = await online(app.server.url);
      await visitOnline(page, '/makeaccusation');
      await chooseLanguage(page, 'en');
      await page.locator('form [name=subject]').fill('Half-typed subject');
      fs.appendFileSync(path.join(deployed, 'sw.js'), `\n// build ${Date.now()}\n`);
      // A real build writes its compressed copies too; this one drops the stale ones.
      for (const copy of ['sw.js.br', 'sw.js.gz']) fs.rmSync(path.join(deployed, copy), { force: true });
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await page.getByTestId('update-prompt').waitFor({ timeout: 20_000 });
      // The new version waits for the person's word: nothing they typed is lost meanwhile.
      expect(await page.locator('form [name=subject]').inputValue()).toBe('Half-typed subject');
      await screenshot(page, 'update-prompt-en');
      await page.getByTestId('update-prompt').getByRole('button').click();
      await page.waitForFunction(() => !document.querySelector('[data-testid=update-prompt]'));
      await context.close();
    }
  });

  it('is installable: Chromium finds a valid manifest and service worker', async () => {
    // The installability check needs a persistent context (TOOLCHAIN.md pitfall 13).
    const userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-install-'));
    const context = await chromium.launchPersistentContext(userDir, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, baseURL: app.server.url });
    try {
      const page = await context.newPage();
      await visitOnline(page, '/');
      const cdp = await context.newCDPSession(page);
      await expect
        .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors.map((e) => e.errorId), { timeout: 15_000 })
        .toEqual([]);
      const manifest = await (await fetch(`${app.server.url}/manifest.webmanifest`)).json();
      expect(manifest.display).toBe('standalone');
      expect(manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`)).toEqual(
        expect.arrayContaining(['192x192', '512x512', '512x512 maskable']),
      );
    } finally {
      await context.close();
    }
  });
});
