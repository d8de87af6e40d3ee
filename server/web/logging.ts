import type { FastifyRequest } from 'fastify';

// Path segments that are secrets in themselves: whoever reads them from a log could use them.
const SECRET_PATHS = [
  // The e-mailed reset link (a page the app serves) and the call it makes.
  /^(\/reset_password\/[^/?#]+\/)[^/?#]+/,
  /^(\/customer_user_api\/reset_customer_user\/[^/?#]+\/)[^/?#]+/,
  // Signed print names open someone's case for ten minutes.
  /^(\/media\/CaseFiles\/)[^/?#]+/,
  // …and so does the public print page that carries one.
  /^(\/print\/)[^/?#]+/,
];

/** The URL as it may be logged: reset tokens and print names replaced by [redacted]. */
export function redactUrl(url: string): string {
  for (const secret of SECRET_PATHS) url = url.replace(secret, '$1[redacted]');
  return url;
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
