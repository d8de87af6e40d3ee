import { QueryClient, type Query } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { httpStatus } from './http.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // A refusal will not change by asking again; a lost connection may.
      retry: (failureCount, error) => httpStatus(error) === undefined && failureCount < 2,
      // Kept for the session so the last-seen data reads offline.
      gcTime: 24 * 60 * 60_000,
      // Try the network even when the browser says offline: the service worker may answer.
      networkMode: 'offlineFirst',
    },
    // Submissions go through the outbox, which knows what to do offline; other calls
    // should fail at once with a clear word rather than wait silently.
    mutations: { networkMode: 'always' },
  },
});

// Only these are kept between reloads: the customer's own data and the reference data.
// A status check, a print link or an acceptor's inbox never is.
const PERSISTED_ROOTS = new Set(['customer', 'divisions', 'case-requests']);

/**
 * The customer's cases and summary are kept in *session* storage: readable offline while
 * the tab lives, gone when it closes, cleared on logout (which clears session storage),
 * never readable by the next person on a shared device.
 */
export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: createSyncStoragePersister({ storage: window.sessionStorage, key: 'portal-query-cache' }),
  maxAge: 24 * 60 * 60_000,
  buster: import.meta.env.VITE_APP_VERSION ?? 'dev',
  dehydrateOptions: {
    shouldDehydrateQuery: (query: Query) => query.state.status === 'success' && PERSISTED_ROOTS.has(String(query.queryKey[0])),
  },
};
