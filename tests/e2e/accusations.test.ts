import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { chooseLanguage, hasChromium, newPage, screenshot, VIEWPORTS } from '../helpers/browser.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { DEMO_ACCEPTOR } from '../../server/seed/accusations.ts';
import { signInByToken, tokenFor } from '../helpers/session.ts';

/**
 * Each journey runs in full once in Amharic on a phone and once in English on a wide screen;
 * the other two combinations visit its screens once.
 */
const JOURNEYS = [['am', 'phone'], ['en', 'desktop']] as const;
const VISITS = [['en', 'phone'], ['am', 'desktop']] as const;

describe.skipIf(!hasChromium)('accusations in Chromium', () => {
  const app = appInChromium();
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

  /** The ethics user, signed in by token in this tab, opens /staff and lands on the accusations. */
  async function acceptorSees(page: Page, reference: string) {
    await signInByToken(page, app.server.url, 'staff', DEMO_ACCEPTOR);
    await page.goto('/staff');
    await page.waitForURL('**/staff/accusations');
    const row = page.getByTestId('accusation-list').locator('tr', { hasText: reference });
    await row.waitFor();
    return row;
  }

  for (const [locale, device] of JOURNEYS) {
    it(`files an accusation with a PDF and the acceptor finds it (${locale}, ${device})`, async () => {
      const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS[device]);
      await page.goto('/');
      await chooseLanguage(page, locale);
      // On a phone the visitor links are in the menu.
      if (device === 'phone') await page.locator('button[aria-controls=mobile-menu]').click();
      await page.locator(device === 'phone' ? '#mobile-menu a[href="/makeaccusation"]' : '.nav-links a[href="/makeaccusation"]').click();
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
      // The receipt looks the reference up with one button: a new accusation is "received".
      const check = page.getByTestId('accusation-check');
      await check.getByRole('button').click();
      await check.locator('[data-testid=accusation-state] [data-state=received]').waitFor();
      expect(await check.getByTestId('accusation-state').textContent()).toContain(reference);
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

  /** What the ethics user and the complainant click and read, in each language. */
  const WORDS = {
    en: {
      start: 'Start review', confirm: 'Confirm', note: 'Add internal note', close: 'Close with outcome', assign: 'Assign',
      open: 'Check an accusation', check: 'Check', closed: 'closed',
    },
    am: {
      start: 'ግምገማ ይጀምሩ', confirm: 'ያረጋግጡ', note: 'የውስጥ ማስታወሻ ያክሉ', close: 'በውጤት ይዝጉ', assign: 'ይመድቡ',
      open: 'የጥቆማ ሁኔታን ያረጋግጡ', check: 'ያረጋግጡ', closed: 'ተዘግቷል',
    },
  } as const;

  /** Serious or critical axe findings on the page as it is now. */
  const seriousViolations = async (page: Page) =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);

  /** An accusation filed as the form sends it: its reference. */
  async function filed(subject: string): Promise<string> {
    const form = new FormData();
    form.append('name', 'Hirut Alemu');
    form.append('phone', '0911223344');
    form.append('subject', subject);
    form.append('description', 'The clerk would not give me a receipt.');
    const response = await fetch(`${app.server.url}/accusation_acceptor_api/create_accusation`, { method: 'POST', body: form });
    expect(response.status).toBe(201);
    return (await response.json()).reference;
  }

  // The review in English on a wide screen; its screens in Amharic are read by the visit below.
  for (const [locale, device] of [JOURNEYS[1]]) {
    {
      it(`an ethics user reviews and closes an accusation, and the complainant sees it closed by reference (${locale}, ${device})`, async () => {
        const words = WORDS[locale];
        const subject = `No receipt ${locale} ${device}`;
        const reference = await filed(subject);
        const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS[device]);
        await signInByToken(page, app.server.url, 'staff', DEMO_ACCEPTOR, { locale });
        await page.goto('/staff');
        await page.waitForURL('**/staff/accusations**');

        // The inbox, filtered to what nobody has started: the new one is there, with its badge.
        await page.locator('select[name=status]').selectOption('received');
        await page.waitForURL(/status=received/);
        const row = page.getByTestId('accusation-list').locator('tr', { hasText: reference });
        await row.locator('[data-state=received]').waitFor();
        // The previous page stays on screen while the filtered one loads: wait for it to go.
        await expect.poll(() => page.getByTestId('accusation-list').locator('[data-state]:not([data-state=received])').count()).toBe(0);
        await screenshot(page, `ethics-inbox-${locale}-${device}`);
        await row.getByRole('link').click();
        await page.getByRole('heading', { level: 1, name: subject }).waitFor();

        const confirmation = page.getByTestId('accusation-confirmation');
        // Given to the one ethics user there is (the demo's), then reviewed.
        await page.getByRole('button', { name: words.assign, exact: true }).click();
        expect(await confirmation.getByRole('button', { name: words.confirm }).isDisabled()).toBe(true);
        await page.locator('#accusation-assignee').selectOption({ index: 1 });
        expect(await page.locator('#accusation-assignee option:checked').textContent()).toMatch(/^Selam Bekele \(0 /);
        await screenshot(page, `ethics-confirm-assign-${locale}-${device}`);
        await confirmation.getByRole('button', { name: words.confirm }).click();
        await page.getByTestId('accusation-history').getByText('Selam Bekele', { exact: false }).first().waitFor();
        await page.getByRole('button', { name: words.start }).click();
        await screenshot(page, `ethics-confirm-start-${locale}-${device}`);
        await confirmation.getByRole('button', { name: words.confirm }).click();
        await page.locator('.page-title-row [data-state=under_review]').waitFor();

        await page.getByRole('button', { name: words.note }).click();
        await page.locator('#accusation-note').fill('Asked the cashier for the receipt book.');
        await confirmation.getByRole('button', { name: words.confirm }).click();
        await page.getByTestId('accusation-history').getByText('Asked the cashier for the receipt book.').waitFor();

        await page.getByRole('button', { name: words.close }).click();
        // No outcome, no closing.
        expect(await confirmation.getByRole('button', { name: words.confirm }).isDisabled()).toBe(true);
        await page.locator('#accusation-outcome').fill('The receipt was issued and the clerk was reminded of the rules.');
        await screenshot(page, `ethics-confirm-close-${locale}-${device}`);
        expect(await seriousViolations(page)).toEqual([]);
        await confirmation.getByRole('button', { name: words.confirm }).click();
        await page.locator('.page-title-row [data-state=closed]').waitFor();
        expect(await page.getByTestId('accusation-outcome').textContent()).toBe('The receipt was issued and the clerk was reminded of the rules.');
        expect(await page.getByTestId('accusation-history').locator('li').count()).toBe(4);
        await page.getByTestId('accusation-history').scrollIntoViewIfNeeded();
        await screenshot(page, `ethics-closed-${locale}-${device}`);
        const [stored] = await app.server.db.query<{ status: string; outcome: string }>('SELECT status, outcome FROM accusation WHERE reference = $1', [reference]);
        expect(stored).toEqual({ status: 'closed', outcome: 'The receipt was issued and the clerk was reminded of the rules.' });
        await context.close();

        // The complainant, on another device, with only the reference.
        const complainant = await newPage(app.browser, app.server.url, VIEWPORTS[device]);
        await complainant.page.goto('/makeaccusation');
        await chooseLanguage(complainant.page, locale);
        const check = complainant.page.getByTestId('accusation-check');
        // The look-up opens on request, below the accusation form.
        await check.getByRole('button', { name: words.open }).click();
        await check.locator('#accusation-reference').fill(reference.toLowerCase());
        await check.getByRole('button', { name: words.check, exact: true }).click();
        const state = check.getByTestId('accusation-state');
        await state.locator('[data-state=closed]').waitFor();
        expect(await state.textContent()).toContain(words.closed);
        expect(await state.textContent()).not.toMatch(/receipt|clerk|Hirut|911223344/);
        await check.scrollIntoViewIfNeeded();
        await screenshot(complainant.page, `accusation-check-closed-${locale}-${device}`);
        expect(await seriousViolations(complainant.page)).toEqual([]);
        await complainant.context.close();
      });
    }
  }

  it.each(VISITS)('an ethics user\'s inbox and a new accusation\'s moves, and a complainant\'s look-up of a closed one, read in the language and fit (%s, %s)', async (locale, device) => {
    const words = WORDS[locale];
    const viewport = VIEWPORTS[device];
    const fitsAndPasses = async (page: Page, where: string) => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), where).toBe(true);
      expect(await seriousViolations(page), where).toEqual([]);
    };
    const received = await filed(`Visit received ${locale} ${device}`);
    const closed = await filed(`Visit closed ${locale} ${device}`);
    // Reviewed and closed through the API, as the journeys above do on screen.
    const token = await tokenFor(app.server.url, 'staff', DEMO_ACCEPTOR);
    const [{ id }] = await app.server.db.query<{ id: string }>('SELECT id FROM accusation WHERE reference = $1', [closed]);
    for (const body of [{ status: 'under_review' }, { status: 'closed', outcome: 'The clerk was reminded of the rules.' }]) {
      const moved = await fetch(`${app.server.url}/staff_api/accusations/${id}/status`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
      });
      expect(moved.status).toBe(200);
    }

    const { context, page } = await newPage(app.browser, app.server.url, viewport);
    await signInByToken(page, app.server.url, 'staff', DEMO_ACCEPTOR, { locale });
    await page.goto('/staff/accusations');
    const row = page.getByTestId('accusation-list').locator('tr', { hasText: received });
    await row.locator('[data-state=received]').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, `ethics-inbox-${locale}-${device}`);
    await row.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: `Visit received ${locale} ${device}` }).waitFor();
    for (const name of [words.assign, words.start, words.note]) {
      const button = page.getByRole('button', { name, exact: true });
      await button.waitFor();
      const box = (await button.boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(viewport.width);
    }
    await fitsAndPasses(page, 'accusation');
    await context.close();

    const complainant = await newPage(app.browser, app.server.url, viewport);
    await complainant.page.goto('/makeaccusation');
    await chooseLanguage(complainant.page, locale);
    const check = complainant.page.getByTestId('accusation-check');
    await check.getByRole('button', { name: words.open }).click();
    await check.locator('#accusation-reference').fill(closed);
    await check.getByRole('button', { name: words.check, exact: true }).click();
    const state = check.getByTestId('accusation-state');
    await state.locator('[data-state=closed]').waitFor();
    expect(await state.textContent()).toContain(words.closed);
    // (axe checks the look-up's page at both widths in tests/e2e/accessibility.test.ts)
    expect(await complainant.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(complainant.page, `accusation-check-closed-${locale}-${device}`);
    await complainant.context.close();
  });

  it('says so and shows what is true now when another ethics user acted first', async () => {
    const reference = await filed('Changed meanwhile');
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInByToken(page, app.server.url, 'staff', DEMO_ACCEPTOR, { locale: 'en' });
    await page.goto('/staff/accusations');
    await page.getByTestId('accusation-list').locator('tr', { hasText: reference }).getByRole('link').click();
    await page.getByRole('button', { name: 'Start review' }).click();
    // Meanwhile a colleague starts the review from another screen.
    const [{ id }] = await app.server.db.query<{ id: string }>('SELECT id FROM accusation WHERE reference = $1', [reference]);
    const token = await tokenFor(app.server.url, 'staff', DEMO_ACCEPTOR);
    const theirs = await fetch(`${app.server.url}/staff_api/accusations/${id}/status`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ status: 'under_review' }),
    });
    expect(theirs.status).toBe(200);
    await page.getByTestId('accusation-confirmation').getByRole('button', { name: 'Confirm' }).click();
    await page.locator('.toast-error', { hasText: 'Someone else changed this accusation just now' }).waitFor();
    // The page reloads: the review is started, and this user is offered what comes next.
    await page.locator('.page-title-row [data-state=under_review]').waitFor();
    await page.getByRole('button', { name: 'Close with outcome' }).waitFor();
    expect(await page.getByTestId('accusation-history').locator('li').count()).toBe(1);
    await screenshot(page, 'ethics-conflict-en');
    await context.close();
  });

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
