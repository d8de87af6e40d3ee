import type { FastifyRequest } from 'fastify';
import { API_LANGUAGE } from '../contract/constants.ts';
import type { Language } from '../errors/messages.ts';

// The app sends its locale (en, am, om, ti, so, aa) as Accept-Language; the API's own codes differ.
const FROM_LOCALE: Partial<Record<string, Language>> = API_LANGUAGE;

/** The language the request names as the app's current one, if it names one we write. */
export function statedLanguage(request: FastifyRequest): Language | undefined {
  const first = (request.headers['accept-language'] ?? '').split(',')[0].trim().slice(0, 2).toLowerCase();
  return FROM_LOCALE[first];
}

/** The language a person reads, for e-mails written on their behalf. Amharic by default (SPEC 9). */
export function requestLanguage(request: FastifyRequest): Language {
  return statedLanguage(request) ?? 'am';
}
