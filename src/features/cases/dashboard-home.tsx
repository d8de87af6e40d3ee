import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isRateLimited } from '../../app/http.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { customerCasesQuery, caseSummaryQuery } from './api.ts';
import { CaseRows } from './case-rows.tsx';
import { WaitingCasesBanner } from './waiting-cases-banner.tsx';

// SPEC section 9: the recent cases table shows 4 rows.
const RECENT_ROWS = 4;

/** SPEC section 2 dashboard home: five summary cards, then the 4 most recent cases. */
export function DashboardHome() {
  const summary = useQuery(caseSummaryQuery());
  const recent = useQuery(customerCasesQuery(1, -1));
  const cards: [ReactNode, number | undefined, string][] = [
    [<Trans>Total cases</Trans>, summary.data?.totalCases, 'total'],
    [<Trans>Pending</Trans>, summary.data?.pendingCases, 'pending'],
    [<Trans>Processing</Trans>, summary.data?.processingCases, 'processing'],
    [<Trans>Responded</Trans>, summary.data?.respondedCases, 'responded'],
    [<Trans>Rejected</Trans>, summary.data?.rejectedCases, 'rejected'],
  ];
  return (
    <main className="page">
      <div className="page-title-row">
        <h1>
          <Trans>Dashboard</Trans>
        </h1>
        <Link to="/dashboard/cases" className="button button-primary">
          <Trans>Apply for a case</Trans>
        </Link>
      </div>
      {summary.isError && isRateLimited(summary.error) && (
        <p className="notice" role="alert">
          <Trans>Too many attempts.  Please try again later.</Trans>
        </p>
      )}
      <WaitingCasesBanner />
      <ul className="summary-cards" aria-busy={summary.isPending}>
        {cards.map(([label, count, kind]) => (
          <li key={kind} className={`summary-card summary-${kind}`} data-testid={`summary-${kind}`}>
            <span className="summary-label">{label}</span>
            <span className="summary-count">{count ?? '–'}</span>
          </li>
        ))}
      </ul>
      <section className="details-section">
        <div className="page-title-row">
          <h2>
            <Trans>Recent cases</Trans>
          </h2>
          <Link to="/dashboard/casestatus">
            <Trans>All cases</Trans>
          </Link>
        </div>
        {recent.isPending ? <Spinner /> : <CaseRows cases={(recent.data?.cases ?? []).slice(0, RECENT_ROWS)} />}
      </section>
    </main>
  );
}
