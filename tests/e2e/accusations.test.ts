import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { chooseLanguage, hasChromium, newPage, screenshot } from '../helpers/browser.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { DEMO_ACCEPTOR } from '../../server/seed/accusations.ts';

describe.skipIf(!hasChromium)('accusations in Chromium', () => {
  const app = appInChromium({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'accusations-e2e-')) });
  let pdfFile: string;

  beforeAll(async () => {
    pdfFile = path.join(os.tmpdir(), 'evidence.pdf');
    fs.writeFileSync(pdfFile, tinyPdf('Evidence'));
  });

  const fill = async (page: Page, subject: string) => {
    await page.locator('form [name=name]').fill('Yonas Tesfaye');
    await page.locator('form [name=phone]').fill('0911765432');
    await page.locator('form [name=subject]').fill(subject);
    await page.locator('form [name=accused_organizational_part]').fill('Revenue Directorate');
    await page.locator('form [name=description]').fill('I was asked to pay twice for one receipt.');
  };

  async function acceptorSees(page: Page, reference: string) {
    await page.goto('/staff/login');
    await page.locator('input[type=email]').fill(DEMO_ACCEPTOR.email);
    await page.locator('input[type=password]').fill(DEMO_ACCEPTOR.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL('**/staff/accusations');
    const row = page.getByTestId('accusation-list').locator('tr', { hasText: reference });
    await row.waitFor();
    return row;
  }

  for (const locale of ['en', 'am'] as const) {
    it(`files an accusation with a PDF and the acceptor finds it (${locale})`, async () => {
      const { context, page } = await newPage(app.browser, app.server.url);
      await page.goto('/');
      await chooseLanguage(page, locale);
      await page.locator('.nav-links a[href="/makeaccusation"]').click();
      await page.waitForURL('**/makeaccusation');
      if (locale === 'am') expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/[\u1200-\u137F]/);
      expect(await page.locator('textarea[name=description]').getAttribute('rows')).toBe('10');
      await fill(page, `Double payment ${locale}`);
      await page.locator('#accusation-attachment').setInputFiles(pdfFile);
      await page.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
      await screenshot(page, `accusation-filled-${locale}`);
      await page.locator('form button[type=submit]').click();

      const receipt = page.getByTestId('accusation-receipt');
      await receipt.waitFor();
      const reference = /ACC-\d{4}-\d{6}/.exec((await receipt.textContent())!)![0];
      expect(await page.locator('.toast-success').textContent()).toContain(reference);
      if (locale === 'am') expect(await receipt.textContent()).toMatch(/[\u1200-\u137F]/);
      // The receipt takes the form's place; "File another" brings it back empty.
      expect(await page.locator('form').count()).toBe(0);
      await screenshot(page, `accusation-sent-${locale}`);
      await receipt.getByRole('button', { name: locale === 'en' ? 'File another accusation' : 'ሌላ ጥቆማ ያቅርቡ' }).click();
      for (const name of ['name', 'phone', 'subject', 'accused_organizational_part', 'description']) {
        expect(await page.locator(`form [name=${name}]`).inputValue(), name).toBe('');
      }
      expect(await page.locator('.pdf-viewer').count()).toBe(0);

      const [stored] = await app.server.db.query<{ subject: string; attachment: string | null }>(
        'SELECT subject, attachment FROM accusation WHERE reference = $1',
        [reference],
      );
      expect(stored.subject).toBe(`Double payment ${locale}`);
      expect(stored.attachment).toMatch(/\.pdf$/);

      const row = await acceptorSees(page, reference);
      await row.getByRole('link').click();
      await page.getByRole('heading', { name: `Double payment ${locale}` }).waitFor();
      await page.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
      await screenshot(page, `acceptor-accusation-${locale}`);
      await page.getByRole('button', { name: locale === 'en' ? 'Logout' : 'ይውጡ' }).click();
      await page.waitForURL('**/staff/login');
      await context.close();
    });
  }

  it('keeps what the complainant wrote when the server refuses it', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/makeaccusation');
    await chooseLanguage(page, 'en');
    await fill(page, 'Double payment');
    // Only the server knows a phone number it cannot take; the form checks only what is missing.
    await page.locator('form [name=phone]').fill('call me at noon');
    const before = (await app.server.db.query<{ n: number }>('SELECT count(*) AS n FROM accusation'))[0].n;
    await page.locator('form button[type=submit]').click();
    await page.locator('.toast-error').waitFor();
    expect(await page.locator('.toast-error').textContent()).toMatch(/phone/i);
    expect(await page.locator('form [name=description]').inputValue()).toBe('I was asked to pay twice for one receipt.');
    expect(await page.locator('form [name=name]').inputValue()).toBe('Yonas Tesfaye');
    expect((await app.server.db.query<{ n: number }>('SELECT count(*) AS n FROM accusation'))[0].n).toBe(before);
    await screenshot(page, 'accusation-refused-en');
    await context.close();
  });
});
