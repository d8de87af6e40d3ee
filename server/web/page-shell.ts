import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compressed } from '../../scripts/precompress.ts';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../../scripts/route-preloads.ts';

interface Variant {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const segmentsOf = (urlPath: string) => urlPath.split('/').filter(Boolean);

/** `$name` matches any one segment; a layout also matches every path below its own. */
function matches(route: RoutePreload, requested: string[]): boolean {
  const pattern = segmentsOf(route.path);
  if (route.layout ? requested.length < pattern.length : requested.length !== pattern.length) return false;
  return pattern.every((segment, i) => segment.startsWith('$') || segment === requested[i]);
}

/** The encoding to send, from Accept-Encoding: brotli, then gzip, then none (q=0 refuses one). */
function encodingFor(accept: string): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    accept
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * The shell (index.html) as each page is sent it: with modulepreloads of that page's own
 * chunks (scripts/route-preloads.ts), so they come with the framework instead of after it
 * has run. A path no route knows, or a build without the list, gets the shell as built,
 * from its precompressed copies. Each page's variant is made and compressed once, on its
 * first request; there are as many as there are routes.
 */
export function pageShells(staticDir: string) {
  const listFile = path.join(staticDir, ROUTE_PRELOADS_FILE);
  const routes: RoutePreload[] = fs.existsSync(listFile) ? JSON.parse(fs.readFileSync(listFile, 'utf8')) : [];
  const shell = routes.length > 0 ? fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8') : '';
  const variants = new Map<string, Variant>();

  function variant(files: string[]): Variant {
    const key = files.join(' ');
    const known = variants.get(key);
    if (known) return known;
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
    const identity = Buffer.from(shell.replace('</head>', `${links}</head>`));
    const made: Variant = { etag: `"${createHash('sha1').update(identity).digest('base64url').slice(0, 20)}"`, identity, ...compressed(identity) };
    variants.set(key, made);
    return made;
  }

  return {
    send(request: FastifyRequest, reply: FastifyReply) {
      const requested = segmentsOf(request.url.split('?')[0]);
      // Layouts first, as the router loads them; a chunk two pages share, once.
      const matched = routes.filter((route) => matches(route, requested)).sort((a, b) => Number(b.layout) - Number(a.layout));
      const files = [...new Set(matched.flatMap((route) => route.files))];
      reply.type('text/html; charset=utf-8');
      if (files.length === 0) return reply.sendFile('index.html');
      const page = variant(files);
      reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').header('ETag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      const encoding = encodingFor(String(request.headers['accept-encoding'] ?? ''));
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.send(encoding ? page[encoding] : page.identity);
    },
  };
}
