/**
 * The six languages of SPEC section 1. The spec speaks of En, Am, Or, Tg, Sm, Af; the
 * catalogs use ISO codes; the API's fields use a third set of suffixes (name_or, Message_tg).
 */
export const LOCALES = {
  en: { spec: 'En', api: 'en', label: 'English', htmlLang: 'en' },
  am: { spec: 'Am', api: 'am', label: 'አማርኛ', htmlLang: 'am' },
  om: { spec: 'Or', api: 'or', label: 'Afaan Oromoo', htmlLang: 'om' },
  ti: { spec: 'Tg', api: 'tg', label: 'ትግርኛ', htmlLang: 'ti' },
  so: { spec: 'Sm', api: 'sm', label: 'Soomaali', htmlLang: 'so' },
  aa: { spec: 'Af', api: 'af', label: 'Qafaraf', htmlLang: 'aa' },
} as const;

export type Locale = keyof typeof LOCALES;
export type ApiLanguage = (typeof LOCALES)[Locale]['api'];

/** SPEC section 1: only English and Amharic are offered in the selector. One value to change. */
export const SELECTABLE_LOCALES: readonly Locale[] = ['en', 'am'];

/** SPEC section 9: the default language is Am. */
export const DEFAULT_LOCALE: Locale = 'am';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && value in LOCALES;

export function localeFromSpecCode(code: string | null): Locale | undefined {
  return (Object.keys(LOCALES) as Locale[]).find((locale) => LOCALES[locale].spec === code);
}

type Localized<Field extends string> = { [K in `${Field}_${ApiLanguage}`]?: string };

/** The entity's text in the chosen language (name_am, description_tg …), English when missing. */
export function localized<Field extends string>(entity: Localized<Field>, field: Field, locale: Locale): string {
  const record = entity as Record<string, string | undefined>;
  return record[`${field}_${LOCALES[locale].api}`] || record[`${field}_en`] || '';
}

type ServerMessages = Partial<Record<`Message_${ApiLanguage}`, string>>;

/** The server's message in the chosen language (SPEC section 8: toasts show Message_{language}). */
export function serverMessage(body: ServerMessages, locale: Locale): string | undefined {
  return body[`Message_${LOCALES[locale].api}`] || body.Message_en;
}
