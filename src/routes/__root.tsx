import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { useBlocking } from '../app/blocking.ts';
import { ConnectionLost, RateLimitWait } from '../app/blocking-screens.tsx';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Root,
});

function Root() {
  const blocking = useBlocking();
  if (blocking.kind === 'server-error') return <ConnectionLost />;
  if (blocking.kind === 'rate-limited') return <RateLimitWait until={blocking.until} />;
  return <Outlet />;
}
