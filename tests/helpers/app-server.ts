import path from 'node:path';
import fs from 'node:fs';
import type { Config } from '../../server/config.ts';
import { startTestServer, type TestServer } from './server.ts';

const DIST = path.resolve(import.meta.dirname, '../../dist');

/** The built PWA and the API on PGlite, one process, as `npm start` serves them. */
export async function startAppServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error('Browser tests need the built app: run `npm run build` first (npm test does).');
  }
  return startTestServer({ name: 'pglite', url: 'memory://' }, { staticDir: DIST, ...overrides });
}
