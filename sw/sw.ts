/// <reference lib="webworker" />
// The service worker: precache the app, serve the shell to every page path, keep the
// organisation's reference data fresh-but-available. No app logic lives here.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// Every route's code, the catalogs, the Ethiopic font, pdf.js and its worker, the manuals.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Page paths get the shell (its router shows the page, or the 404 page); API and media
// paths never do (TOOLCHAIN.md pitfall 3).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/\w+_api\//, /^\/div_rate\//, /^\/media\//, /^\/uploads\//, /^\/docs/, /\.[a-z0-9]+$/i],
  }),
);

// Divisions, directorates, case requests and questions: public data that changes rarely.
// Stale-while-revalidate lets the landing grid, division pages and the apply form's
// selectors work offline. Nothing personal is cached here: those calls carry a token
// and live only in the session's query cache. Vary (Accept-Encoding) is ignored: the
// browser has decoded the body already, and a page's request must find what the
// warm-up below stored.
const REFERENCE_DATA =
  /^\/(division_api\/(get_all_divisions|get_division\/[^/]+)|directorate_api\/get_all_directorate|team_leader_api\/get_all_team|case_list_api\/get_all_case_list|questions_api\/get_all_questions)$/;
const DIVISIONS = '/division_api/get_all_divisions';
const referenceData = new StaleWhileRevalidate({
  cacheName: 'reference-data',
  matchOptions: { ignoreVary: true },
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 86_400 }),
    // A fresh list of divisions may name a division no page has opened yet: fetch its page's data too.
    {
      async cacheDidUpdate({ request, event }) {
        if (new URL(request.url).pathname === DIVISIONS) await warmDivisions(event);
      },
    },
  ],
});
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && REFERENCE_DATA.test(url.pathname) && !request.headers.has('Authorization'),
  referenceData,
);

/** Fetches one reference path through the strategy (so it is cached as a page's request would be). */
async function warm(path: string, event: ExtendableEvent): Promise<Response | undefined> {
  const [response, done] = referenceData.handleAll({ request: new Request(path), event });
  await done;
  return response.catch(() => undefined);
}

/** Every division's own record not cached yet: each division page opens offline, also one never opened. */
async function warmDivisions(event: ExtendableEvent) {
  const cache = await caches.open('reference-data');
  const list = await cache.match(DIVISIONS, { ignoreVary: true });
  const divisions = list ? ((await list.json()) as { _id: string }[]) : [];
  const paths = divisions.map((division) => `/division_api/get_division/${encodeURIComponent(division._id)}`);
  // Ones cached already are refreshed when their page opens (stale-while-revalidate).
  const missing = await Promise.all(paths.map(async (path) => ((await cache.match(path, { ignoreVary: true })) ? undefined : path)));
  await Promise.all(missing.filter((path) => path !== undefined).map((path) => warm(path, event)));
}

/**
 * The first visit's page is not yet controlled when it reads the divisions, so nothing
 * would be cached until a second visit. The worker fetches the reference data itself
 * while installing; a failure (offline) leaves it to the pages' own requests.
 */
async function warmReferenceData(event: ExtendableEvent) {
  // The divisions list brings each division's record along (cacheDidUpdate above).
  await Promise.all(
    [DIVISIONS, '/directorate_api/get_all_directorate', '/case_list_api/get_all_case_list', '/questions_api/get_all_questions'].map((path) =>
      warm(path, event),
    ),
  );
}

// Issue 28: the public performance figures (open data, no token, no personal data), so
// /performance reads offline once visited. Stale-while-revalidate: the server computes them
// once an hour, and a visit brings the next copy.
const PERFORMANCE = '/open-data/performance.json';
const performanceData = new StaleWhileRevalidate({
  cacheName: 'open-data',
  matchOptions: { ignoreVary: true },
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 4, maxAgeSeconds: 90 * 86_400 })],
});
registerRoute(({ url }) => url.origin === self.location.origin && url.pathname === PERFORMANCE, performanceData);

/** The page that installed the worker read the figures before it was controlled: fetch them again through the cache. */
async function warmPerformance(event: ExtendableEvent) {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (!pages.some((page) => new URL(page.url).pathname === '/performance')) return;
  const [response, done] = performanceData.handleAll({ request: new Request(PERFORMANCE), event });
  await done;
  await response.catch(() => undefined);
}

self.addEventListener('install', (event) =>
  event.waitUntil(Promise.all([warmReferenceData(event).catch(() => {}), warmPerformance(event).catch(() => {})])),
);
// The page that installed the worker is served by it from now on, so its requests are cached too.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The app asks before a new version takes over (registerType "prompt"), so a half-filled
// form is never thrown away by an update.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync only wakes the app's own outbox up; the outbox stays the queue
// (DESIGN.md: Workbox's queue drops refused items).
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag !== 'outbox') return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => clients.forEach((client) => client.postMessage({ type: 'OUTBOX_SYNC' }))),
  );
});
