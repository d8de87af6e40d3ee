import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { chromium } from 'playwright-core';
import { chooseLanguage, CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium, newPage, screenshot, VIEWPORTS } from '../helpers/browser.ts';
import { startNetwork } from '../helpers/network.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { inkOnFirstPage, signInByToken } from '../helpers/session.ts';
import { DEMO_CUSTOMER, SECOND_DEMO_CUSTOMER } from '../../server/seed/seed.ts';

/** The words a person reads and presses, in the two languages the tests use. */
const WORDS = {
  en: {
    saved: 'Draft saved on this device',
    discard: 'Discard draft',
    confirm: 'Yes, discard the draft',
    noFile: 'No file chosen',
    logout: 'Logout',
    division: 'Housing Sales and Transfer',
    caseRequest: 'Buying a corporation house',
  },
  am: {
    saved: 'ረቂቁ በዚህ መሣሪያ ላይ ተቀምጧል',
    discard: 'ረቂቁን ያስወግዱ',
    confirm: 'አዎ፣ ረቂቁን ያስወግዱ',
    noFile: 'ምንም ፋይል አልተመረጠም',
    logout: 'ይውጡ',
    division: 'የቤት ሽያጭና ዝውውር',
    caseRequest: 'የኮርፖሬሽን ቤት ግዢ',
  },
} as const;

/** The drafts this browser keeps, read from IndexedDB as the app stored them. */
const storedDrafts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ key: string; ownerId?: string }[]>((resolve, reject) => {
        const open = indexedDB.open('portal-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('drafts').objectStore('drafts').getAll();
          request.onsuccess = () => resolve(request.result);
        };
      }),
  );

/**
 * Every read of a stored draft the page has finished, by its key, and whether it found one
 * (the forms read their draft a frame after the first paint: src/outbox/use-draft.ts).
 */
function recordDraftReads(page: Page) {
  return page.addInitScript(() => {
    const reads: { key: string; found: boolean }[] = [];
    Object.assign(window, { draftReads: reads });
    const get = IDBObjectStore.prototype.get;
    IDBObjectStore.prototype.get = function (this: IDBObjectStore, query: IDBValidKey | IDBKeyRange) {
      const request = get.call(this, query);
      if (this.name === 'drafts') request.addEventListener('success', () => reads.push({ key: String(query), found: request.result !== undefined }));
      return request;
    };
  });
}

/**
 * Waits until the form has read the draft kept under `key` and found none, then two frames
 * more, in which a draft it had found would have been put on screen: after this, an empty
 * form proves that no draft was restored, with no time allowance.
 */
async function draftReadAndNotFound(page: Page, key: string) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { draftReads: { key: string; found: boolean }[] }).draftReads))
    .toContainEqual({ key, found: false });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

describe.skipIf(!hasChromium)('drafts kept on the device, in Chromium', () => {
  const app = appInChromium();
  let pdfFile: string;

  beforeAll(async () => {
    pdfFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'drafts-pdf-')), 'evidence.pdf');
    fs.writeFileSync(pdfFile, tinyPdf('Draft evidence'));
  });

  // The journey in full in Amharic on a phone and in English on a wide screen; the other two
  // combinations check the draft's status line, its words and its place, once.
  it.each([
    { locale: 'am', viewport: 'phone' },
    { locale: 'en', viewport: 'desktop' },
  ] as const)('in $locale at $viewport, a reload while typing an accusation brings back the text and the PDF; discard clears it', async ({ locale, viewport }) => {
    const words = WORDS[locale];
    const width = VIEWPORTS[viewport].width;
    const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS[viewport]);
    try {
      await page.goto('/makeaccusation');
      await chooseLanguage(page, locale);
      const subject = `Half-written ${locale} ${width}`;
      await page.locator('form [name=subject]').fill(subject);
      await page.locator('form [name=description]').fill('The office asked for a fee twice');
      await page.locator('#accusation-attachment').setInputFiles(pdfFile);
      const status = page.getByTestId('draft-status');
      await status.waitFor();
      expect(await status.textContent()).toContain(words.saved);
      await screenshot(page, `draft-accusation-saved-${locale}-${width}`);

      await page.reload();
      await expect.poll(() => page.locator('form [name=subject]').inputValue()).toBe(subject);
      expect(await page.locator('form [name=description]').inputValue()).toBe('The office asked for a fee twice');
      // The file is read back after the text (a blob from IndexedDB): on a busy machine a moment later.
      await expect.poll(() => page.getByTestId('accusation-attachment-name').textContent()).toBe('evidence.pdf');
      // The PDF itself came back, not only its name: the preview draws it again.
      await page.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
      expect(await inkOnFirstPage(page)).toBeGreaterThan(100);
      expect(await status.textContent()).toContain(words.saved);
      await screenshot(page, `draft-accusation-restored-${locale}-${width}`);

      await status.getByRole('button', { name: words.discard }).click();
      await screenshot(page, `draft-accusation-discard-${locale}-${width}`);
      await status.getByRole('button', { name: words.confirm }).click();
      await expect.poll(() => page.locator('form [name=subject]').inputValue()).toBe('');
      expect(await page.getByTestId('accusation-attachment-name').textContent()).toBe(words.noFile);
      expect(await status.count()).toBe(0);
      await expect.poll(() => storedDrafts(page)).toEqual([]);
      await page.reload();
      await page.locator('form [name=subject]').waitFor();
      expect(await page.locator('form [name=description]').inputValue()).toBe('');
      expect(await storedDrafts(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    { locale: 'en', viewport: 'phone' },
    { locale: 'am', viewport: 'desktop' },
  ] as const)('in $locale at $viewport, typing an accusation says the draft is kept, in the language, within the screen', async ({ locale, viewport }) => {
    const words = WORDS[locale];
    const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS[viewport]);
    await page.goto('/makeaccusation');
    await chooseLanguage(page, locale);
    await page.locator('form [name=subject]').fill(`Half-written ${locale} ${VIEWPORTS[viewport].width}`);
    const status = page.getByTestId('draft-status');
    await status.waitFor();
    expect(await status.textContent()).toContain(words.saved);
    const discard = status.getByRole('button', { name: words.discard });
    const box = (await discard.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await discard.click();
    await status.getByRole('button', { name: words.confirm }).click();
    await expect.poll(() => storedDrafts(page)).toEqual([]);
    await context.close();
  });

  // Once, in Amharic on a phone: the accusation's draft above runs in both languages and widths.
  it.each([
    { locale: 'am', viewport: 'phone' },
  ] as const)("in $locale at $viewport, an application draft survives a reload, is not shown to another customer, and goes at logout", async ({ locale, viewport }) => {
    const words = WORDS[locale];
    const width = VIEWPORTS[viewport].width;
    const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS[viewport]);
    const customerIds = await app.server.db.query<{ email: string; id: string }>(
      'SELECT email, id FROM customer_user WHERE email = ANY($1)', [[DEMO_CUSTOMER.email, SECOND_DEMO_CUSTOMER.email]],
    );
    const draftKey = (email: string) => `case:${customerIds.find((c) => c.email === email)!.id}`;
    try {
      await recordDraftReads(page);
      await signInByToken(page, app.server.url, 'customer', DEMO_CUSTOMER, { locale });
      await page.goto('/dashboard/cases');
      await page.locator('#division option').nth(1).waitFor({ state: 'attached' });
      await page.locator('#division').selectOption({ label: words.division });
      await page.locator('#case-request').selectOption({ label: words.caseRequest });
      const question = page.locator('fieldset.questions input[type=text]').first();
      await question.fill('C-7/101');
      await page.locator('#attachment').setInputFiles(pdfFile);
      await page.locator('#remark').fill(`Draft remark ${locale}`);
      await page.getByTestId('draft-status').waitFor();

      await page.reload();
      await expect.poll(() => page.locator('#remark').inputValue()).toBe(`Draft remark ${locale}`);
      // The reads are seen as they happen: this one found the draft (the checks below rely on seeing them).
      expect(await page.evaluate(() => (window as unknown as { draftReads: unknown[] }).draftReads)).toContainEqual({ key: draftKey(DEMO_CUSTOMER.email), found: true });
      expect(await page.locator('#division option:checked').textContent()).toBe(words.division);
      await expect.poll(() => page.locator('#case-request option:checked').textContent()).toBe(words.caseRequest);
      expect(await question.inputValue()).toBe('C-7/101');
      await expect.poll(() => page.getByTestId('attachment-name').textContent()).toBe('evidence.pdf');
      expect(await page.getByTestId('draft-status').textContent()).toContain(words.saved);
      await screenshot(page, `draft-application-restored-${locale}-${width}`);

      // The browser session ends without a logout (session storage gone); another customer signs in here.
      await page.evaluate(() => sessionStorage.clear());
      await signInByToken(page, app.server.url, 'customer', SECOND_DEMO_CUSTOMER);
      await page.goto('/dashboard/cases');
      await page.locator('#division option').nth(1).waitFor({ state: 'attached' });
      await expect.poll(() => storedDrafts(page)).toHaveLength(1);
      // The form has looked for this customer's draft, found none, and had the frames to show one.
      await draftReadAndNotFound(page, draftKey(SECOND_DEMO_CUSTOMER.email));
      expect(await page.locator('#remark').inputValue()).toBe('');
      expect(await page.locator('#division').inputValue()).toBe('');
      expect(await page.getByTestId('attachment-name').textContent()).toBe(words.noFile);
      expect(await page.getByTestId('draft-status').count()).toBe(0);

      // A logout takes every customer's draft off the device (on a phone, from the menu).
      if (viewport === 'phone') await page.locator('.dashboard-toggle').click();
      await page.getByRole('button', { name: words.logout }).filter({ visible: true }).first().click();
      await page.waitForURL(`${app.server.url}/`);
      await expect.poll(() => storedDrafts(page)).toEqual([]);
      await signInByToken(page, app.server.url, 'customer', DEMO_CUSTOMER);
      await page.goto('/dashboard/cases');
      await page.locator('#division option').nth(1).waitFor({ state: 'attached' });
      await draftReadAndNotFound(page, draftKey(DEMO_CUSTOMER.email));
      expect(await page.locator('#remark').inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });

  // Once: its rule (the outbox holds it before the first byte) is the same in every language.
  it.each([
    { locale: 'en', viewport: 'phone' },
  ] as const)('in $locale at $viewport, a tab closed during an online upload sends the accusation exactly once on reopening', async ({ locale, viewport }) => {
    // Through a proxy the test holds: Playwright's own routing drops an upload's file bytes.
    const network = await startNetwork();
    const proxied = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...network.chromiumArgs] });
    try {
      const { context, page } = await newPage(proxied, app.server.url, VIEWPORTS[viewport]);
      await page.goto('/makeaccusation');
      await chooseLanguage(page, locale);
      const subject = `Closed during upload ${locale}`;
      await page.locator('form [name=subject]').fill(subject);
      await page.locator('form [name=description]').fill('The tab was closed while the PDF went up.');
      await page.locator('#accusation-attachment').setInputFiles(pdfFile);
      await page.getByTestId('draft-status').waitFor();

      // The server gets the upload and stores it; its answer never reaches the page, which closes.
      const create = '/accusation_acceptor_api/create_accusation';
      network.holdAnswers(create);
      await page.locator('form button[type=submit]').click();
      await expect.poll(() => network.held.length, { timeout: 15_000 }).toBe(1);
      const rows = () => app.server.db.query<{ reference: string }>('SELECT reference FROM accusation WHERE subject = $1', [subject]);
      expect(await rows()).toHaveLength(1);
      await page.close();
      network.holdAnswers(undefined);

      const reopened = await context.newPage();
      await reopened.goto('/outbox');
      // The next start sends it again under the same key; the server answers with the first receipt.
      const sent = reopened.locator('[data-testid=outbox-item][data-state=sent]');
      await sent.waitFor({ timeout: 20_000 });
      expect(network.passed.filter((p) => p === create)).toHaveLength(2);
      const stored = await rows();
      expect(stored).toHaveLength(1);
      expect(await sent.textContent()).toContain(stored[0].reference);
      await screenshot(reopened, `draft-closed-upload-sent-${locale}-${VIEWPORTS[viewport].width}`);
      // The form does not offer it a second time: its draft went when the outbox took it.
      await reopened.goto('/makeaccusation');
      await reopened.locator('form [name=subject]').waitFor();
      expect(await storedDrafts(reopened)).toEqual([]);
      expect(await reopened.locator('form [name=subject]').inputValue()).toBe('');
      await context.close();
    } finally {
      await proxied.close();
      await network.close();
    }
  });
});
