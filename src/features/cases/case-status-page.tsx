import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Spinner } from '../../ui/spinner.tsx';
import { customerCasesQuery, type SortOrder } from './api.ts';
import { CaseRows } from './case-rows.tsx';
import { BackLink } from '../../ui/back-link.tsx';

const PAGE_SIZE = 10;

/** SPEC section 2 /dashboard/casestatus: sort, previous/next "current of total", the rows. */
export function CaseStatusPage({ page, sort }: { page: number; sort: SortOrder }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const list = useQuery({ ...customerCasesQuery(page, sort), placeholderData: (previous) => previous });
  const total = Math.max(1, list.data?.totalPages ?? 1);
  const current = Math.min(Math.max(1, list.data?.currentPage ?? page), total);
  // SPEC section 9: previous/next are clamped to 1..totalPages.
  const go = (next: number, nextSort = sort) =>
    void navigate({ to: '/dashboard/casestatus', search: { page: Math.min(Math.max(1, next), total), sort: nextSort } });

  return (
    <main className="page">
      <BackLink to="/dashboard" />
      <div className="page-title-row">
        <h1>
          <Trans>Case status</Trans>
        </h1>
        <label className="inline-field">
          <span>
            <Trans>Sort</Trans>
          </span>
          <select value={sort} onChange={(e) => go(1, Number(e.target.value) as SortOrder)} aria-label={t`Sort`}>
            <option value={-1}>{t`Latest`}</option>
            <option value={1}>{t`Oldest`}</option>
          </select>
        </label>
      </div>
      <div className="case-list" data-testid="case-list">
        {list.isPending ? <Spinner /> : <CaseRows cases={list.data?.cases ?? []} firstNumber={(current - 1) * PAGE_SIZE + 1} />}
      </div>
      <nav className="pager" aria-label={t`Pages`}>
        <button type="button" className="button button-outline" disabled={current <= 1} onClick={() => go(current - 1)}>
          <Trans>Previous</Trans>
        </button>
        <span data-testid="page-indicator">
          <Trans>
            {current} of {total}
          </Trans>
        </span>
        <button type="button" className="button button-outline" disabled={current >= total} onClick={() => go(current + 1)}>
          <Trans>Next</Trans>
        </button>
      </nav>
    </main>
  );
}
