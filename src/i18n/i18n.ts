import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALES, localeFromSpecCode, SELECTABLE_LOCALES, type Locale } from './locales.ts';
import { rememberedLanguages } from './remembered-languages.ts';

// SPEC section 3: the translation state is "lan" with the spec's codes; kept across reloads.
const STORAGE_KEY = 'lan';

const catalogs = import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po');

export function storedLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode, policies): fall back to the default.
  }
  const locale = localeFromSpecCode(stored);
  // A language the admin opened (issue 16) holds too, as the server last listed them.
  const offered = [...SELECTABLE_LOCALES, ...(rememberedLanguages() ?? [])];
  return locale && offered.includes(locale) ? locale : DEFAULT_LOCALE;
}

/** Loads one catalog lazily (STYLE.md 12), activates it and sets <html lang>. */
export async function activateLocale(locale: Locale, { remember = true } = {}) {
  const load = catalogs[`../../locales/${locale}/messages.po`];
  const { messages } = await load();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = LOCALES[locale].htmlLang;
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, LOCALES[locale].spec);
    } catch {
      // Not persisted; the choice still holds for this visit.
    }
  }
}

export { i18n };
