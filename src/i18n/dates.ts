import type { Locale } from './locales.ts';

/** Readers of Amharic and Tigrinya count years and hours the Ethiopian way. */
const ETHIOPIAN = (locale: Locale) => locale === 'am' || locale === 'ti';

/**
 * Dates in the chosen language; Amharic and Tigrinya readers get the Ethiopian calendar
 * (DESIGN.md: `am-ET-u-ca-ethiopic` works in Chromium and Node). Some ICU versions add
 * the era in Latin letters ("ሕዳር 13, 2019 AM", readable as "a.m."), others none, so the
 * era is dropped and written the way both languages write it: ዓ.ም.
 */
export function formatDate(iso: string | null | undefined, locale: Locale): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  if (ETHIOPIAN(locale)) {
    const parts = dateFormat(`${locale}-ET-u-ca-ethiopic`).formatToParts(date);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
    return `${part('day')} ${part('month')} ${part('year')} ዓ.ም.`;
  }
  try {
    return dateFormat(locale).format(date);
  } catch {
    return dateFormat('en').format(date);
  }
}

/**
 * Makes the formatter formatDate will use for this language, ahead of need. Issue 13: the
 * first Ethiopian-calendar formatter costs tens of milliseconds (ICU's calendar data; over
 * 200 ms with the CPU slowed 4×), which fell in the dashboard's render once its data came.
 */
export function prepareDateFormat(locale: Locale) {
  try {
    dateFormat(ETHIOPIAN(locale) ? `${locale}-ET-u-ca-ethiopic` : locale);
  } catch {
    // formatDate falls back to English for a tag Intl does not know.
  }
}

/**
 * One formatter per language tag, made when first needed. Issue 13: making an
 * Intl.DateTimeFormat costs far more than using one, and the dashboard made one for every
 * date it showed (the most expensive function of ours in its first render).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(tag: string): Intl.DateTimeFormat {
  let format = dateFormats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', day: 'numeric' });
    dateFormats.set(tag, format);
  }
  return format;
}

/**
 * The parts of the day as Amharic and Tigrinya name them, by the Western hour they start at.
 * Locale data, not interface text (like the month names Intl gives and the era ዓ.ም. above):
 * they belong to the Ethiopian hour count only these two languages use, so a catalog entry
 * would ask the English, Oromo, Somali and Afar translators for words never shown, and the
 * function would follow Lingui's active language instead of the locale it is given.
 */
const DAY_PERIODS: Record<'am' | 'ti', [from: number, word: string][]> = {
  am: [[0, 'ሌሊት'], [6, 'ጠዋት'], [12, 'ከሰዓት'], [18, 'ምሽት']],
  ti: [[0, 'ለይቲ'], [6, 'ንግሆ'], [12, 'ድሕሪ ቀትሪ'], [18, 'ምሸት']],
};

/**
 * A time of day that cannot be misread. The browser's Amharic gives the Western hour with
 * an Amharic day-period word ("10:00 ጥዋት"), which an Ethiopian reader takes as 10 in the
 * Ethiopian count (4 p.m.). Amharic and Tigrinya get the Ethiopian count itself (the day
 * starts at 6 a.m.: 7:05 a.m. is "ጠዋት 1:05"); other languages a 24-hour clock.
 */
export function formatTime(date: Date, locale: Locale): string {
  const minutes = String(date.getMinutes()).padStart(2, '0');
  if (ETHIOPIAN(locale)) {
    const hour = date.getHours();
    const period = DAY_PERIODS[locale as 'am' | 'ti'].findLast(([from]) => hour >= from)![1];
    return `${period} ${((hour + 5) % 12) + 1}:${minutes}`;
  }
  return `${String(date.getHours()).padStart(2, '0')}:${minutes}`;
}
