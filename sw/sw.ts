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
    denylist: [/^\/\w+_api\//, /^\/div_rate\//, /^\/media\//, /^\/docs/, /\.[a-z0-9]+$/i],
  }),
);

// Divisions, directorates, case requests and questions: public data that changes rarely.
// Stale-while-revalidate lets the landing grid, division pages and the apply form's
// selectors work offline. Nothing personal is cached here: those calls carry a token
// and live only in the session's query cache.
const REFERENCE_DATA =
  /^\/(division_api\/(get_all_divisions|get_division\/[^/]+)|directorate_api\/get_all_directorate|team_leader_api\/get_all_team|case_list_api\/get_all_case_list|questions_api\/get_all_questions)$/;
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && REFERENCE_DATA.test(url.pathname) && !request.headers.has('Authorization'),
  new StaleWhileRevalidate({
    cacheName: 'reference-data',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 86_400 })],
  }),
);

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
