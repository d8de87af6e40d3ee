/**
 * Ethiopian public holidays, as data (issue 15: "Ethiopian holidays as data"), which the
 * due dates skip. Some are fixed in the Gregorian calendar, some in the Ethiopian one
 * (they move by a day after an Ethiopian leap year), and the rest move with Easter or the
 * moon and are listed by date once announced.
 */
export interface Holidays {
  /** Gregorian month and day, every year. */
  gregorian: readonly (readonly [month: number, day: number])[];
  /** Ethiopian month (Meskerem = 1) and day, every year. */
  ethiopian: readonly (readonly [month: number, day: number])[];
  /** Single days (Addis Ababa dates, YYYY-MM-DD): Siklet, Fasika, the Eids, as announced. */
  dated: readonly string[];
}

export const ETHIOPIAN_HOLIDAYS: Holidays = {
  gregorian: [
    [1, 7], // Genna (Christmas)
    [3, 2], // Victory of Adwa
    [5, 1], // International Labour Day
    [5, 5], // Patriots' Victory Day
    [5, 28], // Downfall of the Derg
  ],
  ethiopian: [
    [1, 1], // Enkutatash (New Year), Meskerem 1
    [1, 17], // Meskel, Meskerem 17
    [5, 11], // Timket (Epiphany), Ter 11
  ],
  // Siklet and Fasika 2026 (Orthodox Easter is 12 April 2026). The Eids follow the moon:
  // an administrator adds them when they are announced (the administration issue).
  dated: ['2026-04-10', '2026-04-12'],
};
