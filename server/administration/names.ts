import { API_LANGUAGES } from '../contract/constants.ts';
import { ApiError } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';

/** The two languages the selector always offers (SPEC section 1): every name is written in both. */
const REQUIRED = ['en', 'am'];

export const refuse = (key: MessageKey, detail?: string) => new ApiError(400, key, detail);

/**
 * The six `prefix_*` fields of a draft, trimmed; English and Amharic must be written, the
 * others may wait for a translator (the app shows which are missing, and falls back to English).
 */
export function checkedNames(draft: object, prefix: string, missing: MessageKey = 'referenceNamesRequired', required = true) {
  const names = {} as Record<string, string>;
  for (const lang of API_LANGUAGES) {
    const field = `${prefix}_${lang}`;
    const text = String((draft as Record<string, unknown>)[field] ?? '').trim();
    if (!text && required && REQUIRED.includes(lang)) throw refuse(missing, field);
    names[field] = text;
  }
  return names;
}
