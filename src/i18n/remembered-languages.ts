import { LOCALES, type Locale } from './locales.ts';

// The last list of offered languages the server gave, so the selector and the
// language kept from a last visit work offline too.
const KEY = 'enabledLanguages';

export function rememberedLanguages(): Locale[] | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;
    return Array.isArray(stored) ? stored.filter((code): code is Locale => typeof code === 'string' && code in LOCALES) : undefined;
  } catch {
    return undefined;
  }
}

export function rememberLanguages(languages: readonly Locale[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify(languages));
  } catch {
    // Not kept; the selector falls back to English and Amharic offline.
  }
}
