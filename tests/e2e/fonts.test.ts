import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { chooseLanguage, hasChromium, newPage, screenshot, VIEWPORTS } from '../helpers/browser.ts';

// Issue 13: the Ethiopic font is cut to the portal's own characters at build time
// (scripts/subset-fonts.ts); the full font is a second face for any other Ethiopic character.
const SUBSET = /noto-sans-ethiopic-subset-400-[\w-]+\.woff2$/;
const FULL = /noto-sans-ethiopic-ethiopic-400-normal-[\w-]+\.woff2$/;
// ሇ (U+1207) is in no catalog, as a customer's typed name may hold such a syllable.
const OUTSIDE_SUBSET = 'ሇ';

function fontsFetched(page: Page): string[] {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  return fonts;
}

/** Whether the page's Noto Sans Ethiopic faces for these characters have loaded. */
const ethiopicLoaded = (page: Page, text: string) =>
  page.evaluate(async (chars) => {
    await document.fonts.ready;
    return document.fonts.check('16px "Noto Sans Ethiopic"', chars);
  }, text);

describe.skipIf(!hasChromium)('Ethiopic font subset', () => {
  const app = appInChromium();

  for (const [locale, width] of [['am', 'phone'], ['am', 'desktop'], ['en', 'phone'], ['en', 'desktop']] as const) {
    it(`${locale} at ${width}: the landing page gets its Ethiopic text from the subset and never fetches the full font`, async () => {
      const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS[width]);
      const fonts = fontsFetched(page);
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (locale === 'en') await chooseLanguage(page, 'en');
      // The language selector always names Amharic in its own script.
      await expect.poll(() => ethiopicLoaded(page, 'አማርኛ')).toBe(true);
      expect(fonts.filter((font) => SUBSET.test(font))).toHaveLength(1);
      expect(fonts.filter((font) => FULL.test(font))).toEqual([]);
      await screenshot(page, `fonts-subset-${locale}-${width}`);
      await context.close();
    });

    it(`${locale} at ${width}: a character outside the subset loads the full font and renders in it`, async () => {
      const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS[width]);
      const fonts = fontsFetched(page);
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (locale === 'en') await chooseLanguage(page, 'en');
      await page.evaluate((name) => {
        const shown = document.createElement('p');
        shown.textContent = name;
        document.getElementById('root')!.append(shown);
      }, `${OUTSIDE_SUBSET}ሰላም`);
      await expect.poll(() => fonts.filter((font) => FULL.test(font))).toHaveLength(1);
      await expect.poll(() => ethiopicLoaded(page, OUTSIDE_SUBSET)).toBe(true);
      await context.close();
    });
  }
});
