import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { chooseLanguage, hasChromium, newPage, screenshot, VIEWPORTS } from '../helpers/browser.ts';

// Issue 13: the Ethiopic and Latin fonts are cut to the portal's own characters at build time
// (scripts/subset-fonts.ts), one variable file carrying the regular and bold weights; each full
// static font is a further face for any other character of its range.
const FAMILIES = [
  {
    family: 'Noto Sans Ethiopic',
    subset: /noto-sans-ethiopic-subset-wght-[\w-]+\.woff2$/,
    files: /\/noto-sans-ethiopic-/,
    full: /noto-sans-ethiopic-ethiopic-400-normal-[\w-]+\.woff2$/,
    // The language selector always names Amharic in its own script.
    shown: 'አማርኛ',
    // ሇ (U+1207) is in no catalog, as a customer's typed name may hold such a syllable.
    outside: 'ሇ',
    word: 'ሰላም',
  },
  {
    family: 'Noto Sans',
    subset: /noto-sans-latin-subset-wght-[\w-]+\.woff2$/,
    files: /\/noto-sans-latin-/,
    full: /noto-sans-latin-400-normal-[\w-]+\.woff2$/,
    // The language selector always names English.
    shown: 'English',
    // é is in no text of ours (ASCII and a few punctuation marks are), as a typed name may hold it.
    outside: 'é',
    word: 'Zewditu',
  },
];

function fontsFetched(page: Page): string[] {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  return fonts;
}

/** Whether the page's faces of this family for these characters have loaded. */
const familyLoaded = (page: Page, family: string, text: string) =>
  page.evaluate(
    async ([name, chars]) => {
      await document.fonts.ready;
      return document.fonts.check(`16px "${name}"`, chars);
    },
    [family, text],
  );

// One page visit per language and width checks both families (the landing page shows both:
// the selector names English and አማርኛ whatever the language), so each check runs once a
// combination, not once a family.
describe.skipIf(!hasChromium)('font subsets (Noto Sans Ethiopic, Noto Sans)', () => {
  const app = appInChromium();

  for (const [locale, width] of [['am', 'phone'], ['am', 'desktop'], ['en', 'phone'], ['en', 'desktop']] as const) {
    it(`${locale} at ${width}: the landing page gets its text from each family's subset and no full font; a character outside a subset then loads that family's full font`, async () => {
      const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS[width]);
      const fonts = fontsFetched(page);
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (locale === 'en') await chooseLanguage(page, 'en');
      for (const { family, subset, files, full, shown } of FAMILIES) {
        await expect.poll(() => familyLoaded(page, family, shown), { message: family }).toBe(true);
        expect(fonts.filter((font) => subset.test(font)), family).toHaveLength(1);
        expect(fonts.filter((font) => full.test(font)), family).toEqual([]);
        // Bold headings and regular text alike come from that one file: no other file of the family.
        expect(fonts.filter((font) => files.test(font)), family).toEqual(fonts.filter((font) => subset.test(font)));
      }
      expect(await page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontWeight)).toBe('700');
      await screenshot(page, `fonts-subset-${locale}-${width}`);

      // A name with a character outside each subset, as a customer may type one: each family's full font, once, renders it.
      await page.evaluate((names) => {
        for (const name of names) {
          const shownName = document.createElement('p');
          shownName.textContent = name;
          document.getElementById('root')!.append(shownName);
        }
      }, FAMILIES.map(({ outside, word }) => `${outside}${word}`));
      for (const { family, full, outside } of FAMILIES) {
        await expect.poll(() => fonts.filter((font) => full.test(font)), { message: family }).toHaveLength(1);
        await expect.poll(() => familyLoaded(page, family, outside), { message: family }).toBe(true);
      }
      await context.close();
    });
  }
});
