import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { waitingCasesQuery } from './api.ts';

/**
 * Issue 25: "the corporation asks you for something" comes first on the dashboard, above
 * SPEC's summary cards (which count these cases as processing), with a link to each case.
 */
export function WaitingCasesBanner() {
  const locale = useLocale();
  const waiting = useQuery(waitingCasesQuery()).data?.cases ?? [];
  if (waiting.length === 0) return null;
  return (
    <section className="status-banner status-banner-amber waiting-cases-banner" data-testid="waiting-cases-banner" aria-labelledby="waiting-cases-title">
      <h2 id="waiting-cases-title" className="status-banner-title">
        <Trans>The corporation asks you for something</Trans>
      </h2>
      <p>
        <Trans>Open the case, read the request and answer it.</Trans>
      </p>
      <ul className="waiting-cases">
        {waiting.map((kase) => (
          <li key={kase._id}>
            <Link to="/dashboard/case/$id" params={{ id: kase._id }}>
              {kase.case_number}
            </Link>{' '}
            <span className="muted">{localized(kase.caselist, 'case_name', locale)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
