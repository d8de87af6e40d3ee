import { recordAudit } from '../audit/audit-log.ts';
import type { Holiday, HolidayDraft, Languages } from '../contract/administration-calls.ts';
import type { Holidays } from '../casework/holidays.ts';
import { notFound } from '../errors/api-error.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import { refuse } from './names.ts';
import type { HolidayFields, SettingsStore } from './settings-store.ts';

type Locale = Languages['languages'][number];
const ALL_LOCALES: readonly Locale[] = ['en', 'am', 'om', 'ti', 'so', 'aa'];
/** SPEC section 1: the selector offers English and Amharic, whatever else the admin opens. */
const ALWAYS: readonly Locale[] = ['en', 'am'];
const LANGUAGES_KEY = 'languages';

/** The days in each Ethiopian month: twelve of 30, then Pagume (5, or 6 before a leap year). */
const ethiopianMonthDays = (month: number) => (month === 13 ? 6 : 30);
/** Days in a Gregorian month, in a leap year (29 February is a date some year). */
const gregorianMonthDays = (month: number) => new Date(Date.UTC(2024, month, 0)).getUTCDate();

function checkedHoliday(draft: HolidayDraft): HolidayFields {
  const name = draft.name.trim();
  if (!name) throw refuse('holidayInvalid', 'name');
  if (draft.calendar === 'dated') {
    const date = draft.date ?? '';
    const parsed = new Date(`${date}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
      throw refuse('holidayInvalid', 'date');
    }
    return { calendar: 'dated', month: null, day: null, date, name };
  }
  const month = draft.month ?? 0;
  const day = draft.day ?? 0;
  const months = draft.calendar === 'ethiopian' ? 13 : 12;
  const days = draft.calendar === 'ethiopian' ? ethiopianMonthDays(month) : gregorianMonthDays(month);
  if (month < 1 || month > months || day < 1 || day > days) throw refuse('holidayInvalid', 'month/day');
  return { calendar: draft.calendar, month, day, date: null, name };
}

/** The admin's settings: the holidays due dates skip, and the languages offered. */
export function createSettingsService(store: SettingsStore, clock: () => number) {
  const audit = (session: SessionClaims, subjectType: 'holiday' | 'setting', subjectId: string, action: string, before?: unknown, after?: unknown) =>
    ({ actorId: session.id, actorRole: session.role, action, subjectType, subjectId, before, after, at: new Date(clock()) });

  return {
    holidays: () => store.holidays(),

    /** The holidays as the due-date calendar takes them (server/casework/due-dates.ts), read fresh each time. */
    async calendar(q?: Parameters<SettingsStore['holidays']>[0]): Promise<Holidays> {
      const rows = await store.holidays(q);
      const yearly = (calendar: Holiday['calendar']) =>
        rows.filter((row) => row.calendar === calendar).map((row) => [row.month!, row.day!] as const);
      return { gregorian: yearly('gregorian'), ethiopian: yearly('ethiopian'), dated: rows.flatMap((row) => (row.date ? [row.date] : [])) };
    },

    saveHoliday: (session: SessionClaims, draft: HolidayDraft) =>
      store.transaction(async (tx) => {
        const fields = checkedHoliday(draft);
        const before = draft.id ? await store.lockedHoliday(tx, draft.id) : undefined;
        if (draft.id && !before) throw notFound();
        const holiday = before ? await store.updateHoliday(tx, before.id, fields) : await store.insertHoliday(tx, fields);
        await recordAudit(tx, audit(session, 'holiday', holiday.id, before ? 'save_holiday' : 'create_holiday', before, fields));
        return holiday;
      }),

    deleteHoliday: (session: SessionClaims, id: string) =>
      store.transaction(async (tx) => {
        const before = await store.lockedHoliday(tx, id);
        if (!before) throw notFound();
        await store.deleteHoliday(tx, id);
        await recordAudit(tx, audit(session, 'holiday', id, 'delete_holiday', before));
      }),

    /** The locales the selector offers, in the selector's order. */
    async languages(): Promise<Locale[]> {
      const stored = (await store.setting<Locale[]>(LANGUAGES_KEY)) ?? [...ALWAYS];
      return ALL_LOCALES.filter((locale) => stored.includes(locale) || ALWAYS.includes(locale));
    },

    saveLanguages: (session: SessionClaims, chosen: Locale[]) =>
      store.transaction(async (tx) => {
        if (!ALWAYS.every((locale) => chosen.includes(locale))) throw refuse('languagesInvalid');
        const languages = ALL_LOCALES.filter((locale) => chosen.includes(locale));
        const before = await store.lockedSetting<Locale[]>(tx, LANGUAGES_KEY);
        const at = new Date(clock());
        await store.saveSetting(tx, LANGUAGES_KEY, languages, at);
        await recordAudit(tx, { ...audit(session, 'setting', LANGUAGES_KEY, 'save_languages', before, languages), at });
        return languages;
      }),
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
