import type { FastifyRequest } from 'fastify';
import { endpoints } from '../contract/endpoints.ts';

/**
 * A path parameter named `:token` is a secret in itself: whoever reads it from a log could
 * use it (set a password, open a case). Every call of the contract with one is redacted, so
 * a call added later with a `:token` is covered without touching this file; the pages that
 * mailed links open are listed here in the same form.
 */
const TOKEN_PAGES = ['/reset_password/:id/:token', '/staff/set-password/:id/:token', '/rate/:token'];

/** Path prefixes whose next segment is a capability: a signed name that opens a file. */
const SIGNED_NAMES = [
  // Signed print names open someone's case for ten minutes…
  '/media/CaseFiles/',
  // …and so does the public print page that carries one.
  '/print/',
];

/** Query parameters that carry a secret, whatever the path. */
const SECRET_QUERY = /([?&](?:token|code|otp|secret|password)=)[^&#]*/gi;

function tokenPattern(path: string): RegExp {
  const [before] = path.split(':token');
  const prefix = before.replace(/:[^/]+/g, '[^/?#]+').replace(/[.]/g, '\\.');
  return new RegExp(`^(${prefix})[^/?#]+`);
}

const SECRET_PATHS: RegExp[] = [
  ...[...Object.values(endpoints).map((endpoint) => endpoint.path), ...TOKEN_PAGES]
    .filter((path) => path.includes(':token'))
    .map(tokenPattern),
  ...SIGNED_NAMES.map((prefix) => new RegExp(`^(${prefix})[^/?#]+`)),
];

/** The URL as it may be logged: tokens, signed names and secret query values replaced by [redacted]. */
export function redactUrl(url: string): string {
  for (const secret of SECRET_PATHS) url = url.replace(secret, '$1[redacted]');
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * The pino options of every server: the request line with its secrets redacted, no
 * Authorization header. `overrides` come from main.ts (nothing) or a test (a stream).
 */
export function loggerOptions(level: string, overrides: object = {}) {
  return {
    level,
    redact: ['req.headers.authorization'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...overrides,
  };
}
