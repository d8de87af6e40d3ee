import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { alertsQuery } from './api.ts';

/** The staff nav's "Alerts" link with the unread count (every role); the count is polled, see alertsQuery. */
export function AlertsLink() {
  const { t } = useLingui();
  const unread = useQuery(alertsQuery()).data?.unread ?? 0;
  return (
    <Link to="/staff/alerts" className="nav-link alerts-link">
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      <Trans>Alerts</Trans>
      {unread > 0 && (
        <>
          <span className="badge badge-red alerts-count" aria-hidden="true">
            {unread}
          </span>
          <span className="visually-hidden">{t`${unread} unread`}</span>
        </>
      )}
    </Link>
  );
}
