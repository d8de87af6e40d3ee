/**
 * Values the app and the server both need, kept once. Plain data with no imports
 * (eslint.config.js holds it to that), so the app may import it as values without
 * taking any server code along.
 */

/**
 * SPEC section 1's six languages: the app's locale (ISO code, also the catalogs' folder)
 * and the suffix the API writes it with (name_or, Message_tg).
 */
export const API_LANGUAGE = { en: 'en', am: 'am', om: 'or', ti: 'tg', so: 'sm', aa: 'af' } as const;
export type Locale = keyof typeof API_LANGUAGE;
export type ApiLanguage = (typeof API_LANGUAGE)[Locale];
/** The API's suffixes in the column order name_en … name_af. */
export const API_LANGUAGES = Object.values(API_LANGUAGE);

/** SPEC section 9: an attachment (a case application's, an accusation's) is one PDF of at most 10 MB. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** A new password's length (server/auth/password-rule.ts has the whole rule), counted in characters as typed (code points). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** Every id is a UUID; the API's `Id` schema, the apply form's checks and the app's routes test the same. */
export const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
