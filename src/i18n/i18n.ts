import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALES, localeFromSpecCode, SELECTABLE_LOCALES, type Locale } from './locales.ts';
import { rememberedLanguages } from './remembered-languages.ts';

// SPEC section 3: the translation state is "lan" with the spec's codes; kept across reloads.
const STORAGE_KEY = 'lan';

type Catalog = () => Promise<{ messages: Messages }>;
const catalogs = import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po');
// The staff's screens have their own catalog (lingui.config.ts), loaded once a staff page opens.
const staffCatalogs = import.meta.glob<{ messages: Messages }>('../../locales/*/staff.po');
let staffTexts = false;

export function storedLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode, policies): fall back to the default.
  }
  const locale = localeFromSpecCode(stored);
  // A language the admin opened holds too, as the server last listed them.
  const offered = [...SELECTABLE_LOCALES, ...(rememberedLanguages() ?? [])];
  return locale && offered.includes(locale) ? locale : DEFAULT_LOCALE;
}

/** The messages of a catalog in one language, merged into what i18n holds for it. */
async function loadCatalog(locale: Locale, load: Catalog | undefined) {
  if (load) i18n.load(locale, (await load()).messages);
}

/**
 * Loads the language's catalog lazily (STYLE.md 12), and the staff's once a staff page
 * asked for it, activates it and sets <html lang>.
 */
export async function activateLocale(locale: Locale, { remember = true } = {}) {
  await Promise.all([
    loadCatalog(locale, catalogs[`../../locales/${locale}/messages.po`]),
    staffTexts ? loadCatalog(locale, staffCatalogs[`../../locales/${locale}/staff.po`]) : undefined,
  ]);
  i18n.activate(locale);
  document.documentElement.lang = LOCALES[locale].htmlLang;
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, LOCALES[locale].spec);
    } catch {
      // Not persisted; the choice still holds for this visit.
    }
  }
}

/** The staff's texts, in the language shown now and in every language chosen after it. */
export async function loadStaffTexts() {
  if (staffTexts) return;
  staffTexts = true;
  const locale = i18n.locale as Locale;
  await loadCatalog(locale, staffCatalogs[`../../locales/${locale}/staff.po`]);
}

export { i18n };
