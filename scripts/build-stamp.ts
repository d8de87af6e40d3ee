/**
 * What the build in dist/ was made from: one hash over every file that goes into it,
 * written to dist/.build-stamp by `npm run build`. `npm start` compares it with the
 * files as they are now and builds only when they differ (scripts/ensure-build.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Everything vite, the manual builder and the precompressor read; a change to any of them changes dist/. */
const INPUTS = [
  'src', 'sw', 'public', 'locales', 'scripts/manual', 'scripts/precompress.ts', 'scripts/subset-fonts.ts', 'scripts/route-preloads.ts',
  'index.html', 'vite.config.ts', 'lingui.config.ts', 'tsconfig.json', 'package-lock.json',
];

export const STAMP_FILE = path.join('dist', '.build-stamp');

function* filesUnder(root: string, entry: string): Generator<string> {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (!fs.statSync(full).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(full).sort()) yield* filesUnder(root, path.join(entry, name));
}

/** Contents, not modification times: a fresh checkout or a `touch` must not force a build. */
export function inputsHash(root: string): string {
  const hash = createHash('sha256');
  for (const entry of INPUTS) {
    for (const file of filesUnder(root, entry)) {
      hash.update(`${file}\0`).update(fs.readFileSync(path.join(root, file))).update('\0');
    }
  }
  return hash.digest('hex');
}

/** True when dist/ holds an app built from the files as they are now. */
export function buildIsCurrent(root: string): boolean {
  const stamp = path.join(root, STAMP_FILE);
  if (!fs.existsSync(path.join(root, 'dist', 'index.html')) || !fs.existsSync(stamp)) return false;
  return fs.readFileSync(stamp, 'utf8').trim() === inputsHash(root);
}

export function writeStamp(root: string) {
  fs.writeFileSync(path.join(root, STAMP_FILE), `${inputsHash(root)}\n`);
}

if (import.meta.main) writeStamp(path.resolve(import.meta.dirname, '..'));
