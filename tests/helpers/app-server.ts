import path from 'node:path';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './server.ts';

const DIST = path.resolve(import.meta.dirname, '../../dist');

/** The built PWA and the API on PGlite, one process, as `npm start` serves them. */
export async function startAppServer(overrides: TestServerOptions = {}): Promise<TestServer> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error('Browser tests need the built app: run `npm run build` first (npm test does).');
  }
  return startTestServer({ name: 'pglite', url: 'memory://' }, { staticDir: DIST, ...overrides });
}

/**
 * The built app and one Chromium for a describe block, started before its tests and
 * closed after them: `const app = appInChromium(); … newPage(app.browser, app.server.url)`.
 */
export function appInChromium(overrides: TestServerOptions = {}): { readonly server: TestServer; readonly browser: Browser } {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Chromium starts while the server opens its database.
    const launched = launchChromium();
    try {
      server = await startAppServer(overrides);
    } finally {
      browser = await launched;
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      return server!;
    },
    get browser() {
      return browser!;
    },
  };
}

/**
 * The server's clock for a test that moves time instead of waiting for it (pass `clock.now` as
 * `clock`). `reset` puts it back on real time, so a file's server can be shared by the test
 * that moved it and the tests after it.
 */
export function movableClock() {
  let ahead = 0;
  return { now: () => Date.now() + ahead, forward: (ms: number) => void (ahead += ms), reset: () => void (ahead = 0) };
}

/**
 * Moves the server's clock and the page's (after `page.clock.install()`) together past a
 * session token's lifetime: the token expires for both sides at once, as it would in real time.
 */
export async function outliveSession(page: Page, server: TestServer, clock: ReturnType<typeof movableClock>) {
  const lifetime = server.config.tokenTtlSeconds * 1000 + 1000;
  clock.forward(lifetime);
  await page.clock.fastForward(lifetime);
}
