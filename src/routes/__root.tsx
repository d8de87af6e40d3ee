import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { useBlocking } from '../app/blocking.ts';
import { ConnectionLost, RateLimitWait } from '../app/blocking-screens.tsx';
import { Toaster } from '../ui/toast.tsx';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Root,
});

function Root() {
  const blocking = useBlocking();
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
