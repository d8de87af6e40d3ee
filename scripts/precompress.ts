/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file in dist/,
 * once at build time and at the highest levels, so the server only picks a file by the
 * request's Accept-Encoding (@fastify/static `preCompressed`) and never compresses the
 * app's files per request. Fonts, images and PDFs are compressed already and stay as they are.
 * Run by `npm run build` after `vite build`; prints what a landing visit then moves.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The kinds of file a browser sends Accept-Encoding for and that shrink (catalogs are built into .js). */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|webmanifest|json|txt)$/;

const dist = path.resolve(import.meta.dirname, '..', 'dist');

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    // dist/.vite holds the build's own manifest, which nobody downloads.
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* filesUnder(file);
    } else if (COMPRESSIBLE.test(entry.name)) yield file;
  }
}

/** A file's brotli and gzip copies, each at its highest level (also the server's per-page shells). */
export function compressed(bytes: Buffer): { br: Buffer; gzip: Buffer } {
  return {
    br: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  };
}

export function precompress(root: string): { files: number; raw: number; br: number; gzip: number } {
  const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
  for (const file of filesUnder(root)) {
    const bytes = fs.readFileSync(file);
    const { br, gzip } = compressed(bytes);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gzip);
    totals.files += 1;
    totals.raw += bytes.length;
    totals.br += br.length;
    totals.gzip += gzip.length;
  }
  return totals;
}

if (import.meta.main) {
  const started = performance.now();
  const { files, raw, br, gzip } = precompress(dist);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(
    `Precompressed ${files} files in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${kib(raw)} → ${kib(br)} brotli, ${kib(gzip)} gzip`,
  );
}
