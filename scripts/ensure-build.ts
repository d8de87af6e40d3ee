/**
 * `npm start`'s first step: build the app only when dist/ is missing or was built from
 * other files than the ones here (scripts/build-stamp.ts), so a second start is quick.
 * A server told to serve another folder (STATIC_DIR, empty for the API only) needs no build.
 */
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildIsCurrent } from './build-stamp.ts';

const root = path.resolve(import.meta.dirname, '..');
const staticDir = process.env.STATIC_DIR;

if (staticDir !== undefined && path.resolve(root, staticDir) !== path.join(root, 'dist')) {
  console.log(`STATIC_DIR is set (${staticDir || 'API only'}): no build needed`);
} else if (buildIsCurrent(root)) {
  console.log('The app in dist/ is built from these sources: starting without a build');
} else {
  console.log('dist/ is missing or older than the sources: building');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  process.exit(build.status ?? 1);
}
