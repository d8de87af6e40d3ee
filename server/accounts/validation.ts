import { ApiError } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';
import type { Registration } from '../contract/accounts.ts';
import { checkPhone } from '../phones/phone-number.ts';
import { hasControlCharacter } from '../web/text-input.ts';
import { checkPassword } from '../auth/password-rule.ts';

// SPEC section 5: name-type fields under 50 characters, the others under 20.
const LENGTH_RULES: [keyof Registration, number, MessageKey][] = [
  ['firstname', 50, 'firstnameTooLong'],
  ['middlename', 50, 'middlenameTooLong'],
  ['lastname', 50, 'lastnameTooLong'],
  ['subcity', 50, 'subcityTooLong'],
  ['woreda', 20, 'woredaTooLong'],
  ['house_number', 20, 'houseNumberTooLong'],
  ['phone', 20, 'phoneTooLong'],
  ['house_phone_number', 20, 'housePhoneTooLong'],
];
// A name is one line of text (review #36): each field says which one is wrong.
const NAME_RULES: [keyof Registration, MessageKey][] = [
  ['firstname', 'firstnameInvalid'],
  ['middlename', 'middlenameInvalid'],
  ['lastname', 'lastnameInvalid'],
];
// The e-mail may be left out (issue 26): the phone, always required, then signs the account in.
const REQUIRED: (keyof Registration)[] = ['firstname', 'middlename', 'lastname', 'password', 'phone', 'gender'];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const refuse = (key: MessageKey, detail: string) => new ApiError(400, key, detail);

export function normaliseEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  if (trimmed.length > 254 || !EMAIL.test(trimmed)) throw refuse('emailInvalid', 'email');
  return trimmed;
}

/** Whom a call names (issue 26): an e-mail, or a phone account's number in its one form; exactly one of the two. */
export type Login = { email: string } | { phone: string };

export function readLogin(body: { email?: string; phone?: string }): Login {
  const email = body.email?.trim();
  const phone = body.phone?.trim();
  if (email && phone) throw refuse('emailOrPhone', 'phone');
  if (email) return { email: normaliseEmail(email) };
  if (phone) return { phone: checkPhone(phone, 'phone') };
  throw refuse('emailOrPhone', 'email');
}

export function checkOtp(otp: string): string {
  const code = otp.trim();
  if (!/^[0-9]+$/.test(code)) throw refuse('otpNotNumeric', 'otp');
  return code;
}

/** Every rule of the registration form, checked on the server whatever the client did. */
export function validateRegistration(input: Partial<Record<keyof Registration, string>>): Registration {
  const value = (field: keyof Registration) => (input[field] ?? '').trim();
  for (const field of REQUIRED) if (!value(field)) throw refuse('fieldRequired', field);
  for (const [field, limit, key] of LENGTH_RULES) if (value(field).length >= limit) throw refuse(key, field);
  for (const [field, key] of NAME_RULES) if (hasControlCharacter(value(field))) throw refuse(key, field);
  const email = value('email') && normaliseEmail(value('email'));
  const phone = checkPhone(value('phone'), 'phone');
  const housePhone = value('house_phone_number') && checkPhone(value('house_phone_number'), 'house_phone_number');
  const gender = value('gender');
  if (gender !== 'Male' && gender !== 'Female') throw refuse('genderInvalid', 'gender');
  const password = input.password ?? '';
  // A phone account's number is its name: the password must not be made of it either.
  checkPassword(password, email || phone);
  return {
    firstname: value('firstname'),
    middlename: value('middlename'),
    lastname: value('lastname'),
    email,
    password,
    subcity: value('subcity'),
    woreda: value('woreda'),
    house_number: value('house_number'),
    phone,
    house_phone_number: housePhone,
    gender,
  };
}
