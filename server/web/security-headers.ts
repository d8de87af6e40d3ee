import type { FastifyInstance } from 'fastify';
import { isApiPath } from './routes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer holds one person's data even without a token (the status check): no cache may keep it. */
    personal?: boolean;
  }
}

// The app's pages and workers load nothing from other origins; the map is an opt-in OpenStreetMap frame.
const APP_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self' blob: https://www.openstreetmap.org",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

// API answers and media are data: they run nothing and no page may frame them.
export const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers every answer carries, API JSON, errors and PDFs included, set in one place so
 * no route can forget them. A route that sets its own Content-Security-Policy (uploaded
 * PDFs are sandboxed) keeps it, with framing forbidden; a route that sets its own
 * Cache-Control keeps it.
 */
export function securityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    const own = reply.getHeader('Content-Security-Policy');
    if (own === undefined) reply.header('Content-Security-Policy', isApiPath(request.url) ? DATA_POLICY : APP_POLICY);
    else if (!String(own).includes('frame-ancestors')) reply.header('Content-Security-Policy', `${own}; frame-ancestors 'none'`);
    // Only over HTTPS (directly or, with TRUST_PROXY, at the proxy): a browser ignores it over http anyway.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000');
    if (!reply.hasHeader('Cache-Control') && (request.headers.authorization !== undefined || request.routeOptions.config?.personal)) {
      reply.header('Cache-Control', 'private, no-store');
    }
    return payload;
  });
}
