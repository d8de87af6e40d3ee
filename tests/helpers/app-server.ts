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
 * The e2e files run one after another in one process (vite.config.ts: isolate: false), and a
 * server spends most of its ~2 s start opening PGlite's database, on the CPU, while a file's
 * tests mostly wait on Chromium. So once a file's server is up, the next file's default server
 * (no overrides) is opened meanwhile, and handed to the next appInChromium() that asks for one.
 * Every file still has a server of its own that no other file uses; one opened for a file that
 * never comes (the last file, a run of a single file) goes with the process.
 */
let nextDefaultServer: Promise<TestServer> | undefined;

function openNextDefaultServer() {
  if (nextDefaultServer) return;
  nextDefaultServer = startAppServer();
  // Not awaited here: a failed start fails the file that takes it.
  nextDefaultServer.catch(() => undefined);
}

function takeDefaultServer(): Promise<TestServer> {
  const server = nextDefaultServer ?? startAppServer();
  nextDefaultServer = undefined;
  return server;
}

/**
 * For a file that starts and closes its server itself (no Chromium of appInChromium's): the
 * default server, opened while the previous file ran if it was; the next one is opened after it.
 */
export async function defaultAppServer(): Promise<TestServer> {
  const server = await takeDefaultServer();
  openNextDefaultServer();
  return server;
}

/**
 * The built app and one Chromium for a describe block, started before its tests and
 * closed after them: `const app = appInChromium(); … newPage(app.browser, app.server.url)`.
 * Without overrides the server may have been opened while the previous file ran (above).
 */
export function appInChromium(overrides: TestServerOptions = {}): { readonly server: TestServer; readonly browser: Browser } {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Chromium starts while the server opens its database.
    const launched = launchChromium();
    try {
      server = await (Object.keys(overrides).length === 0 ? takeDefaultServer() : startAppServer(overrides));
    } finally {
      browser = await launched;
    }
    openNextDefaultServer();
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
