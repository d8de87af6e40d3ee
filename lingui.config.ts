import { defineConfig } from '@lingui/conf';

// Locale folders use ISO codes; the spec's En, Am, Or, Tg, Sm, Af map to them in src/i18n/locales.ts.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'am', 'om', 'ti', 'so', 'aa'],
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'] }],
  orderBy: 'message',
});
