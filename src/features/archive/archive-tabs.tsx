import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/**
 * The archive's three screens (issues 15 and 16): the closed cases still to be filed, the
 * search of what is filed, and the categories cases are filed under.
 */
export function ArchiveTabs() {
  const { t } = useLingui();
  return (
    <nav className="tabs" aria-label={t`Archive`}>
      <Link to="/staff/archive" className="tab" activeOptions={{ exact: true, includeSearch: false }}>
        <Trans>To be archived</Trans>
      </Link>
      <Link to="/staff/archive/search" className="tab" activeOptions={{ includeSearch: false }}>
        <Trans>Search the archive</Trans>
      </Link>
      <Link to="/staff/archive/categories" className="tab">
        <Trans>Archival categories</Trans>
      </Link>
    </nav>
  );
}
