import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { useBlocking } from '../app/blocking.ts';
import { ConnectionLost, RateLimitWait } from '../app/blocking-screens.tsx';
import { useDocumentTitle } from '../app/document-title.ts';
import { PublicNotFound } from '../ui/not-found.tsx';
import { Toaster } from '../ui/toast.tsx';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Root,
  notFoundComponent: PublicNotFound,
});

function Root() {
  const blocking = useBlocking();
  useDocumentTitle();
  return (
    <>
      {blocking.kind === 'server-error' ? (
        <ConnectionLost />
      ) : blocking.kind === 'rate-limited' ? (
        <RateLimitWait until={blocking.until} />
      ) : (
        <Outlet />
      )}
      <Toaster />
    </>
  );
}
