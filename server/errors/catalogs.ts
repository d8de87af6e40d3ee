import fs from 'node:fs';
import { API_LANGUAGE, type ApiLanguage, type Locale } from '../contract/constants.ts';

/**
 * The server's texts in every language, read once at start from the Lingui catalogs
 * translators edit (locales/<locale>/server.po, beside the app's messages.po). A small
 * reader instead of @lingui/cli, which is a devDependency: `npm run serve` runs without them.
 */
export type Language = ApiLanguage;
export type Translations = Record<Language, string>;

/** The API's language suffixes (Message_or …) and the catalog folders (ISO codes) differ. */
export const CATALOG_LOCALE = Object.fromEntries(Object.entries(API_LANGUAGE).map(([locale, language]) => [language, locale])) as Record<Language, Locale>;

const LANGUAGES = Object.keys(CATALOG_LOCALE) as Language[];
const LOCALES_DIR = new URL('../../locales/', import.meta.url);

export type CatalogEntry = { context: string; source: string; translation: string };

/** The entries of a PO file as Lingui writes it; obsolete (`#~`) entries are left out. */
export function parsePo(text: string): CatalogEntry[] {
  const entries: CatalogEntry[] = [];
  let entry = { msgctxt: '', msgid: '', msgstr: '' };
  let field: keyof typeof entry | undefined;
  const flush = () => {
    if (entry.msgid) entries.push({ context: entry.msgctxt, source: entry.msgid, translation: entry.msgstr });
    entry = { msgctxt: '', msgid: '', msgstr: '' };
  };
  for (const line of text.split(/\r?\n/)) {
    const keyword = /^(msgctxt|msgid|msgstr) (".*")$/.exec(line);
    if (keyword) {
      const name = keyword[1] as keyof typeof entry;
      // An entry starts at its msgctxt, or at its msgid when it has none.
      if (name === 'msgctxt' || (name === 'msgid' && field !== 'msgctxt')) flush();
      field = name;
      entry[field] = JSON.parse(keyword[2]);
    } else if (line.startsWith('"') && field) {
      entry[field] += JSON.parse(line);
    } else field = undefined;
  }
  flush();
  return entries;
}

function readCatalog(locale: string): CatalogEntry[] {
  return parsePo(fs.readFileSync(new URL(`${locale}/server.po`, LOCALES_DIR), 'utf8'));
}

/**
 * Each source text (English, keyed by its code) in the six languages. A catalog entry is
 * used only while it translates the current English (msgctxt = code, msgid = English), the
 * way Lingui's own ids change with their text; otherwise the English shows, as in the app.
 */
export function translate<Key extends string>(sources: Record<Key, string>): Record<Key, Translations> {
  const catalogs = Object.fromEntries(
    LANGUAGES.map((language) => {
      const byContext = new Map(readCatalog(CATALOG_LOCALE[language]).map((e) => [`${e.context}\u0004${e.source}`, e.translation]));
      return [language, byContext];
    }),
  ) as Record<Language, Map<string, string>>;
  const keys = Object.keys(sources) as Key[];
  return Object.fromEntries(
    keys.map((key) => {
      const english = sources[key];
      const texts = Object.fromEntries(
        LANGUAGES.map((language) => [language, catalogs[language].get(`${key}\u0004${english}`) || english]),
      ) as Translations;
      return [key, { ...texts, en: english }];
    }),
  ) as Record<Key, Translations>;
}
