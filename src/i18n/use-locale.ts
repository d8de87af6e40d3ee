import { useLingui } from '@lingui/react';
import type { Locale } from './locales.ts';

/** The active locale, re-rendering when the user switches language. */
export function useLocale(): Locale {
  return useLingui().i18n.locale as Locale;
}
