import { ApiError } from '../errors/api-error.ts';

/**
 * Phone numbers in one form (issue 24, review defect 7): E.164, `+251…` for Ethiopia, so
 * that a search by 0911…, 911… or +251911… finds the same customer and every SMS goes to
 * a number a gateway can dial. Migration 024 applies the same rule to the rows written
 * before it (its `phone_e164` mirrors `readPhone`; tests/api/phones.test.ts runs both on
 * one table of inputs).
 */

/** What people put between the digits: spaces, dashes, dots, brackets ("+251 (0) 911-23 45 67"). */
const SEPARATORS = /[\s\-().]/g;

/**
 * An Ethiopian number: nine digits after the country code 251 (mobile 9…, Safaricom 7…,
 * fixed lines by their area code, 11… in Addis Ababa), written with +251, 00251 or 251
 * (optionally with the trunk 0 after it), with the trunk 0 alone (0911…, 011…), or as a
 * bare mobile number (911…, 711…).
 */
const ETHIOPIAN = /^(?:(?:\+|00)?2510?|0)([1-9]\d{8})$|^([79]\d{8})$/;

/** Any other country's number: + (or the 00 dialled from Ethiopia) and at most 15 digits, the country code first. */
const INTERNATIONAL = /^(?:\+|00)([1-9]\d{6,14})$/;

export type PhoneReading = { phone: string } | { refusal: 'phoneInvalid' | 'phoneCountryCodeMissing' };

/** A number as typed, in its one stored form, or why it cannot be one. */
export function readPhone(typed: string): PhoneReading {
  const written = typed.trim().replace(SEPARATORS, '');
  const ethiopian = ETHIOPIAN.exec(written);
  if (ethiopian) return { phone: `+251${ethiopian[1] ?? ethiopian[2]}` };
  const international = INTERNATIONAL.exec(written);
  // +251 with a wrong count of digits is a mistyped Ethiopian number, not a foreign one.
  if (international && !international[1].startsWith('251')) return { phone: `+${international[1]}` };
  // Digits alone that are no Ethiopian number: a foreign one typed without its country code.
  if (/^\d{7,}$/.test(written)) return { refusal: 'phoneCountryCodeMissing' };
  return { refusal: 'phoneInvalid' };
}

/** A phone field of a form, in its stored form; a translated 400 on `field` otherwise. */
export function checkPhone(typed: string, field: string): string {
  const reading = readPhone(typed);
  if ('refusal' in reading) throw new ApiError(400, reading.refusal, field);
  return reading.phone;
}

/** A stored number in its one form, or as it is when it cannot be read (a row migration 024 left as it was). */
export function phoneOrAsStored(stored: string): string {
  const reading = readPhone(stored);
  return 'phone' in reading ? reading.phone : stored;
}

/**
 * The digits a search looks for in stored numbers, or undefined when `typed` is no part of
 * a phone number (a name, a case number). A whole number is read as `readPhone` reads it;
 * a part of one ("0911 23") loses the 00 or trunk 0 that stored numbers do not have.
 */
export function phoneSearchDigits(typed: string): string | undefined {
  const written = typed.trim().replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(written)) return undefined;
  const reading = readPhone(written);
  if ('phone' in reading) return reading.phone.slice(1);
  return written.replace(/^\+/, '').replace(/^00?/, '') || undefined;
}

/** SQL: the digits of a stored number, which `phoneSearchDigits` is matched against. */
export const phoneDigits = (column: string) => `regexp_replace(${column}, '[^0-9]', '', 'g')`;
