import { useLayoutEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import type { QueueSort, QueueView } from '../../../server/contract/constants.ts';

/** Each view's name in the queue's bar: the help desk's words for the day's work (issue 24). */
export function useViewNames(): Record<QueueView, string> {
  const { t } = useLingui();
  return {
    mine: t`My work`,
    unassigned: t`Unassigned`,
    approval: t`Waiting for my approval`,
    sent_back: t`Sent back`,
    due_soon: t`Due within 2 working days`,
    late: t`Late`,
    open: t`All open`,
  };
}

/**
 * The role's views as links, each with how many cases it holds. On a phone the bar scrolls
 * sideways and keeps the current view in sight.
 */
export function QueueViewBar({ views, current, counts, sort }: {
  views: readonly QueueView[];
  current: QueueView;
  counts: Partial<Record<QueueView, number>> | undefined;
  /** Kept when the view changes; the filters are the view's own. */
  sort: QueueSort | undefined;
}) {
  const { t } = useLingui();
  const names = useViewNames();
  const bar = useRef<HTMLElement>(null);
  const loaded = counts !== undefined;
  const router = useRouter();
  // The bar alone scrolls (not the page), to put the current view in its middle (the bar is the links'
  // offset parent, styles.css); again once the counts widen the links, and after each navigation,
  // as the router's scroll restoration carries the last view's scroll position over to this one.
  useLayoutEffect(() => {
    const center = () => {
      const link = bar.current?.querySelector<HTMLElement>(`[data-view="${current}"]`);
      if (bar.current && link) bar.current.scrollLeft = link.offsetLeft - (bar.current.clientWidth - link.offsetWidth) / 2;
    };
    center();
    return router.subscribe('onRendered', center);
  }, [current, loaded, router]);
  return (
    <nav className="queue-views" aria-label={t`Views`} ref={bar}>
      {views.map((view) => (
        <Link
          key={view}
          to="/staff"
          search={{ view, sort }}
          className="queue-view"
          aria-current={view === current ? 'page' : undefined}
          data-view={view}
        >
          <span>{names[view]}</span>
          <span className="queue-view-count">{counts?.[view] ?? '…'}</span>
        </Link>
      ))}
    </nav>
  );
}
