import type { Locator } from 'playwright-core';
import { ethiopianOfIso } from '../../src/i18n/ethiopian-calendar.ts';

/**
 * Picks `day` (YYYY-MM-DD) in a day field of the staff screens (src/ui/staff/day-field.tsx)
 * as its reader does: the Ethiopian day, month and year selects in Amharic and Tigrinya,
 * the date input in the other languages.
 */
export async function pickDay(scope: Locator, id: string, locale: string, day: string) {
  if (locale !== 'am' && locale !== 'ti') return scope.locator(`#${id}`).fill(day);
  const ethiopian = ethiopianOfIso(day);
  await scope.locator(`#${id}`).selectOption(String(ethiopian.day));
  await scope.locator(`#${id}-month`).selectOption(String(ethiopian.month));
  await scope.locator(`#${id}-year`).selectOption(String(ethiopian.year));
}
