import type { Locale } from './locales.ts';

/**
 * Dates in the chosen language; Amharic and Tigrinya readers get the Ethiopian calendar
 * (DESIGN.md: `am-ET-u-ca-ethiopic` works in Chromium and Node).
 */
export function formatDate(iso: string | null | undefined, locale: Locale): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  const tag = locale === 'am' || locale === 'ti' ? `${locale}-ET-u-ca-ethiopic` : locale;
  try {
    return new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
  }
}
