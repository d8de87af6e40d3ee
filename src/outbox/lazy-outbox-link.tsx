import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { OutboxLink } from './outbox-link.tsx';
import { outboxLoaded, peekOutbox } from './outbox-peek.ts';

// Dexie is ~30 KB gzip: the live count loads it only where something waits or the outbox is in use.
const LiveOutboxLink = lazy(() => import('./live-outbox-link.tsx').then((m) => ({ default: m.LiveOutboxLink })));

/** Items waiting, read straight from IndexedDB; again when the tab comes back (another tab may have queued one). */
function usePeekedPending(): number {
  const [pending, setPending] = useState(0);
  useEffect(() => {
    let mounted = true;
    const read = () => void peekOutbox().then((peek) => mounted && setPending(peek.pending));
    const onVisible = () => document.visibilityState === 'visible' && read();
    read();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      mounted = false;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return pending;
}

/** The header's outbox link: drawn at once without Dexie, live once anything waits. */
export function LazyOutboxLink() {
  const pending = usePeekedPending();
  const loaded = useSyncExternalStore(outboxLoaded.subscribe, outboxLoaded.get);
  if (!loaded && pending === 0) return <OutboxLink pending={0} />;
  return (
    <Suspense fallback={<OutboxLink pending={pending} />}>
      <LiveOutboxLink untilRead={pending} />
    </Suspense>
  );
}
