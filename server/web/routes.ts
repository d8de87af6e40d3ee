import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors/api-error.ts';
import { pageShells } from './page-shell.ts';

/** First path segments that belong to the API: an unknown path under them is a JSON 404. */
export function isApiPath(url: string): boolean {
  const first = url.split('?')[0].split('/')[1] ?? '';
  return first.endsWith('_api') || ['div_rate', 'media', 'docs', 'healthz', 'readyz', 'uploads'].includes(first);
}

/**
 * Serves the built PWA. Each file goes as the brotli or gzip copy the build made beside
 * it (scripts/precompress.ts) when the browser accepts one, with `Vary: Accept-Encoding`.
 * Hashed assets are cached for a year; the shell, the service worker and the manifest are
 * revalidated so a deployment reaches users. Any other page path gets the shell, whose
 * router shows the 404 page (SPEC section 2).
 */
export async function webRoutes(app: FastifyInstance, { staticDir }: { staticDir: string }) {
  const hasApp = staticDir !== '' && fs.existsSync(path.join(staticDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The .br/.gz copies are reached through their original's path only.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // The shell, compressed too, with the requested page's chunks preloaded.
  const shells = hasApp ? pageShells(staticDir) : undefined;

  app.get('/', (request, reply) => (shells ? shells.send(request, reply) : reply.callNotFound()));

  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const wantsPage = request.method === 'GET' && !isApiPath(request.url) && !path.extname(request.url.split('?')[0]);
    if (shells && wantsPage) return shells.send(request, reply);
    throw notFound();
  });
}
