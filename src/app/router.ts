import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen.ts';
import { queryClient } from './query-client.ts';
import { ConnectionLost } from './blocking-screens.tsx';
import { NotFound } from '../ui/not-found.tsx';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Loaders fill the query cache; TanStack Query decides freshness (STYLE.md 2).
  defaultPreloadStaleTime: 0,
  defaultErrorComponent: ConnectionLost,
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
