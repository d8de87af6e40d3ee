import { lazy, Suspense } from 'react';

// Dexie is ~30 KB gzip: the header's count loads it after the first paint, not before.
const OutboxLink = lazy(() => import('./outbox-link.tsx').then((m) => ({ default: m.OutboxLink })));

export function LazyOutboxLink() {
  return (
    <Suspense fallback={null}>
      <OutboxLink />
    </Suspense>
  );
}
