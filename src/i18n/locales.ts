import { API_LANGUAGE, type ApiLanguage, type Locale } from '../../server/contract/constants.ts';
import type { Messages } from '../../server/contract/common.ts';

export type { ApiLanguage, Locale };

/**
 * The six languages of SPEC section 1. The spec speaks of En, Am, Or, Tg, Sm, Af; the
 * catalogs use ISO codes; the API's fields use a third set of suffixes (name_or, Message_tg:
 * API_LANGUAGE, shared with the server).
 */
export const LOCALES = {
  en: { spec: 'En', label: 'English', htmlLang: 'en' },
  am: { spec: 'Am', label: 'አማርኛ', htmlLang: 'am' },
  om: { spec: 'Or', label: 'Afaan Oromoo', htmlLang: 'om' },
  ti: { spec: 'Tg', label: 'ትግርኛ', htmlLang: 'ti' },
  so: { spec: 'Sm', label: 'Soomaali', htmlLang: 'so' },
  aa: { spec: 'Af', label: 'Qafaraf', htmlLang: 'aa' },
} as const satisfies Record<Locale, object>;

/** SPEC section 1: only English and Amharic are offered in the selector. One value to change. */
export const SELECTABLE_LOCALES: readonly Locale[] = ['en', 'am'];

/** SPEC section 9: the default language is Am. */
export const DEFAULT_LOCALE: Locale = 'am';

export function localeFromSpecCode(code: string | null): Locale | undefined {
  return (Object.keys(LOCALES) as Locale[]).find((locale) => LOCALES[locale].spec === code);
}

type Localized<Field extends string> = { [K in `${Field}_${ApiLanguage}`]?: string };

/** The entity's text in the chosen language (name_am, description_tg …), English when missing. */
export function localized<Field extends string>(entity: Localized<Field>, field: Field, locale: Locale): string {
  const record = entity as Record<string, string | undefined>;
  return record[`${field}_${API_LANGUAGE[locale]}`] || record[`${field}_en`] || '';
}

/** The server's message in the chosen language (SPEC section 8: toasts show Message_{language}). */
export function serverMessage(body: Partial<Messages>, locale: Locale): string | undefined {
  return body[`Message_${API_LANGUAGE[locale]}`] || body.Message_en;
}
