import { pathToFileURL } from 'node:url';
import { extractor as babelExtractor } from '@lingui/cli/api';
import { defineConfig, type ExtractorType } from '@lingui/conf';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import staffAreas from './src/staff-areas.json' with { type: 'json' };

/**
 * The server's texts are plain records of English keyed by a stable code (Node runs the
 * server without a macro step), in files named *-sources.ts. Each entry becomes a catalog
 * entry with the code as msgctxt and the English as msgid, so translators see the English
 * as in the app's catalogs, and server/errors/catalogs.ts finds it by code and text.
 */
const serverSourcesExtractor: ExtractorType = {
  match: (filename) => /[\\/]server[\\/].+-sources\.ts$/.test(filename),
  async extract(filename, code, onMessageExtracted) {
    const module: Record<string, Record<string, string>> = await import(`${pathToFileURL(filename).href}?${Date.now()}`);
    const lines = code.split('\n');
    for (const record of Object.values(module)) {
      for (const [context, message] of Object.entries(record)) {
        const line = lines.findIndex((text) => text.trimStart().startsWith(`${context}:`)) + 1;
        onMessageExtracted({ id: generateMessageId(message, context), message, context, origin: [filename, line] });
      }
    }
  },
};

/**
 * The staff's screens have a catalog of their own: a visitor's first page loads only the
 * customer-facing texts, and the staff frame loads the rest (src/i18n/i18n.ts). The staff
 * areas' folders and the UI only they share (src/ui/staff) are the staff's screens. A text
 * both sides show is in both catalogs.
 */
const STAFF_SCREENS = [...staffAreas.areas.map((area) => `<rootDir>/src/features/${area}`), '<rootDir>/src/ui/staff'];
const STAFF_ROUTES = '<rootDir>/src/routes/staff.*';

// Locale folders use ISO codes; the spec's En, Am, Or, Tg, Sm, Af map to them in src/i18n/locales.ts.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'am', 'om', 'ti', 'so', 'aa'],
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: [...STAFF_SCREENS, STAFF_ROUTES] },
    { path: '<rootDir>/locales/{locale}/staff', include: [...STAFF_SCREENS, STAFF_ROUTES] },
    { path: '<rootDir>/locales/{locale}/server', include: ['<rootDir>/server/errors/message-sources.ts', '<rootDir>/server/mail/mail-sources.ts', '<rootDir>/server/pdf/pdf-sources.ts', '<rootDir>/server/sms/sms-sources.ts', '<rootDir>/server/accounts/phone-sources.ts', '<rootDir>/server/telegram/telegram-sources.ts'] },
  ],
  extractors: [serverSourcesExtractor, babelExtractor],
  orderBy: 'message',
});
