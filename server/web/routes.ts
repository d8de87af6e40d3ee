import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../errors/api-error.ts';

/** First path segments that belong to the API: an unknown path under them is a JSON 404. */
export function isApiPath(url: string): boolean {
  const first = url.split('?')[0].split('/')[1] ?? '';
  return first.endsWith('_api') || first === 'div_rate' || first === 'media' || first === 'docs';
}

// The app never loads anything from another origin; the map is an opt-in OpenStreetMap frame.
const CONTENT_SECURITY_POLICY = [
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

function securityHeaders(reply: FastifyReply) {
  reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'same-origin');
}

/**
 * Serves the built PWA. Hashed assets are cached for a year; the shell, the service
 * worker and the manifest are revalidated so a deployment reaches users. Any other
 * page path gets the shell, whose router shows the 404 page (SPEC section 2).
 */
export async function webRoutes(app: FastifyInstance, { staticDir }: { staticDir: string }) {
  const indexFile = path.join(staticDir, 'index.html');
  const hasApp = staticDir !== '' && fs.existsSync(indexFile);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        securityHeaders(reply as unknown as FastifyReply);
      },
    });
  }

  const sendShell = (reply: FastifyReply) => {
    securityHeaders(reply);
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
  };

  app.get('/', (_request, reply) => (hasApp ? sendShell(reply) : reply.callNotFound()));

  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const wantsPage = request.method === 'GET' && !isApiPath(request.url) && !path.extname(request.url.split('?')[0]);
    if (hasApp && wantsPage) return sendShell(reply);
    throw notFound();
  });
}
