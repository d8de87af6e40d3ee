/**
 * Issue 13: a page's own chunks were asked for only after the framework had arrived and run
 * (the router learns the page, then imports its component): a third round trip before the
 * first paint, 0.5 s of Lighthouse's phone LCP. The build writes, for each page of
 * src/routes, the chunks its component needs beyond what the shell already loads
 * (dist/route-preloads.json); the server puts them into the shell it sends for that page
 * as modulepreloads (server/web/page-shell.ts).
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** One route file's page: its URL pattern (`$name` is any one segment) and the chunks it needs. */
export interface RoutePreload {
  path: string;
  /** A layout (dashboard.tsx) also serves every path under its own; a page only its own path. */
  layout: boolean;
  files: string[];
}

/**
 * The URL pattern of a TanStack flat route file (`dashboard.case.$id.tsx` → `/dashboard/case/$id`,
 * `dashboard.index.tsx` → `/dashboard`), or undefined for the root and `-`-prefixed helpers.
 */
export function routePath(fileName: string): string | undefined {
  const base = path.basename(fileName).replace(/\.tsx$/, '');
  if (base.startsWith('-') || base.startsWith('__')) return undefined;
  const segments = base.split('.').filter((segment) => segment !== 'index');
  return `/${segments.join('/')}`;
}

interface ChunkInfo {
  fileName: string;
  imports: string[];
  facadeModuleId?: string | null;
  isEntry?: boolean;
}

/** Every chunk `start` needs before it runs: itself and its static imports, all the way down. */
function closure(start: string, chunks: Map<string, ChunkInfo>): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
  };
  visit(start);
  return [...seen];
}

/** From a build's chunks: each route component's chunks that the entry does not already bring. */
export function routePreloads(chunkList: ChunkInfo[]): RoutePreload[] {
  const chunks = new Map(chunkList.map((chunk) => [chunk.fileName, chunk]));
  const inShell = new Set(chunkList.filter((chunk) => chunk.isEntry).flatMap((chunk) => closure(chunk.fileName, chunks)));
  const components = chunkList.flatMap((chunk) => {
    const match = /[\\/]src[\\/]routes[\\/]([^?]+\.tsx)\?tsr-split=component$/.exec(chunk.facadeModuleId ?? '');
    const pagePath = match && routePath(match[1]);
    return pagePath ? [{ file: match[1], path: pagePath, chunk }] : [];
  });
  const files = new Set(components.map(({ file }) => file.replace(/\.tsx$/, '')));
  return components
    .map(({ file, path: pagePath, chunk }) => ({
      path: pagePath,
      layout: [...files].some((other) => other.startsWith(`${file.replace(/\.tsx$/, '')}.`)),
      files: closure(chunk.fileName, chunks).filter((name) => !inShell.has(name)).map((name) => `/${name}`),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** The Vite plugin that writes dist/route-preloads.json beside the shell. */
export function routePreloadsPlugin(): Plugin {
  return {
    name: 'portal-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(routePreloads(chunks), null, 1)}\n` });
    },
  };
}
