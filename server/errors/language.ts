import type { FastifyRequest } from 'fastify';
import type { Language } from './messages.ts';

// The app sends its locale (en, am, om, ti, so, aa) as Accept-Language; the API's own codes differ.
const FROM_LOCALE: Record<string, Language> = { en: 'en', am: 'am', om: 'or', ti: 'tg', so: 'sm', aa: 'af' };

/** The language a person reads, for e-mails written on their behalf. Amharic by default (SPEC 9). */
export function requestLanguage(request: FastifyRequest): Language {
  const first = (request.headers['accept-language'] ?? '').split(',')[0].trim().slice(0, 2).toLowerCase();
  return FROM_LOCALE[first] ?? 'am';
}
