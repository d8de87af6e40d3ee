import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/api-error.ts';

/**
 * A NUL byte is never part of what a person typed, and PostgreSQL refuses it in text
 * (issue 23: `/accusation_acceptor_api/get_accusation_status/%00` was a 500). Every
 * request holding one is refused here, before any route reads it.
 */
export const hasNulByte = (text: string) => text.includes('\u0000');

export const nulRefusal = (where: string) => new ApiError(400, 'invalidRequest', `${where} holds a NUL byte`);

/**
 * Line breaks, tabs and other control characters (C0, DEL, C1, and the Unicode line and
 * paragraph separators): nothing a person's name holds, and in a mail body they let a name
 * write lines of its own (review #36). Free text (descriptions, notes) keeps its line breaks.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const hasControlCharacter = (text: string) => CONTROL_CHARACTER.test(text);

/** The first string (or key) in a parsed value holding a NUL byte, as a path like `body.items.2`; undefined when none does. */
function nulIn(value: unknown, at: string): string | undefined {
  if (typeof value === 'string') return hasNulByte(value) ? at : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulIn(item, `${at}.${index}`);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = hasNulByte(key) ? at : nulIn(item, `${at}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Refuses a NUL byte in the path, the query or a JSON body with the invalid-request 400,
 * once for every route: after parsing (so `%00` decoded, nested fields included) and
 * before validation and the handler. Upload forms are read by their routes, field by
 * field: server/files/multipart.ts checks theirs.
 */
export function refuseNulBytes(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const where = nulIn(request.params, 'params') ?? nulIn(request.query, 'query') ?? nulIn(request.body, 'body');
    if (where) throw nulRefusal(where);
  });
}
