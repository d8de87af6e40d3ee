/**
 * Days of the Ethiopian calendar and the ISO (Gregorian) days the API takes, both ways, for
 * the fields where Amharic and Tigrinya readers pick a day (issue 24, review defect 11). Intl
 * formats an Ethiopian date (dates.ts) but cannot read one back, so the arithmetic is here:
 * twelve months of 30 days, then Pagume of 5 days, 6 in the year before a Gregorian leap
 * year (the years 3, 7, 11 … of the era: year % 4 === 3).
 */

export interface EthiopianDay {
  year: number;
  /** 1 Meskerem … 12 Nehase, 13 Pagume. */
  month: number;
  day: number;
}

export const PAGUME = 13;
const DAY_MS = 86_400_000;
/** 1 Meskerem of year 1 (Amete Mihret), in days since 1970-01-01 (1 Meskerem 2019 is 11 September 2026). */
const ERA_START = -716_367;

export const isEthiopianLeapYear = (year: number) => year % 4 === 3;

/** How many days a month of that year has. */
export const daysInEthiopianMonth = (year: number, month: number) => (month < PAGUME ? 30 : isEthiopianLeapYear(year) ? 6 : 5);

/** The ISO day (YYYY-MM-DD) of an Ethiopian day, or undefined when that day does not exist (Pagume 6 of a common year). */
export function isoOfEthiopian({ year, month, day }: EthiopianDay): string | undefined {
  const whole = [year, month, day].every(Number.isInteger);
  if (!whole || year < 1 || month < 1 || month > PAGUME || day < 1 || day > daysInEthiopianMonth(year, month)) return undefined;
  const days = ERA_START + 365 * (year - 1) + Math.floor(year / 4) + 30 * (month - 1) + day - 1;
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** The Ethiopian day of an ISO day (YYYY-MM-DD). */
export function ethiopianOfIso(iso: string): EthiopianDay {
  const sinceEra = Math.round(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY_MS) - ERA_START;
  // Four years are 1461 days; the leap day closes the third, so this counts whole years gone.
  const year = Math.floor((4 * sinceEra + 1463) / 1461);
  const dayOfYear = sinceEra - 365 * (year - 1) - Math.floor(year / 4);
  return { year, month: Math.floor(dayOfYear / 30) + 1, day: (dayOfYear % 30) + 1 };
}

const monthNames = new Map<string, string[]>();
/**
 * The thirteen month names as the language writes them (Intl's, as formatDate shows them:
 * መስከረም … ጳጉሜን in Amharic, መስከረም … ጷጉሜ in Tigrinya).
 */
export function ethiopianMonthNames(locale: 'am' | 'ti'): string[] {
  let names = monthNames.get(locale);
  if (!names) {
    const format = new Intl.DateTimeFormat(`${locale}-ET-u-ca-ethiopic`, { month: 'long', timeZone: 'UTC' });
    names = Array.from({ length: PAGUME }, (_, index) => format.format(new Date(`${isoOfEthiopian({ year: 2019, month: index + 1, day: 1 })}T12:00:00Z`)));
    monthNames.set(locale, names);
  }
  return names;
}
