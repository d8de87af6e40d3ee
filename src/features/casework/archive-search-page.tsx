import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatDate } from '../../i18n/dates.ts';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { personName } from '../../ui/person-name.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { archiveQuery, categoriesQuery, type ArchiveSearch } from './api.ts';
import { ArchiveTabs } from './archive-tabs.tsx';
import { CaseStateBadge } from './case-state-badge.tsx';
import { QueuePager } from './queue-pager.tsx';

/**
 * The archive (issue 16): filed cases, the last filed first, found by category, part of a
 * case number and the days they were filed (Addis Ababa days, both included).
 */
export function ArchiveSearchPage({ search }: { search: ArchiveSearch }) {
  const { t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const categories = useQuery(categoriesQuery());
  const found = useQuery({ ...archiveQuery(search), placeholderData: (previous) => previous });
  const [draft, setDraft] = useState(search);
  const set = (change: Partial<ArchiveSearch>) => setDraft((current) => ({ ...current, ...change }));
  const go = (next: ArchiveSearch) => void navigate({ to: '/staff/archive/search', search: next });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ ...draft, case_number: draft.case_number?.trim() || undefined, page: 1 });
  };

  return (
    <>
      <div className="page-title-row">
        <h1>
          <Trans>Search the archive</Trans>
        </h1>
      </div>
      <ArchiveTabs />
      <form className="filters" onSubmit={submit} role="search">
        <label className="inline-field">
          <span>
            <Trans>Archival category</Trans>
          </span>
          <select name="category" value={draft.category ?? ''} onChange={(e) => set({ category: e.target.value || undefined })}>
            <option value="">{t`Every category`}</option>
            {categories.data?.map((each) => (
              <option key={each._id} value={each._id}>
                {each.status === 'active' ? each.name : t`${each.name} (switched off)`}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          <span>
            <Trans>Case number</Trans>
          </span>
          <input name="case_number" value={draft.case_number ?? ''} maxLength={40} onChange={(e) => set({ case_number: e.target.value })} />
        </label>
        <label className="inline-field">
          <span>
            <Trans>Archived from</Trans>
          </span>
          <input name="from" type="date" value={draft.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
        </label>
        <label className="inline-field">
          <span>
            <Trans>Archived to</Trans>
          </span>
          <input name="to" type="date" value={draft.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
        </label>
        <button type="submit" className="button button-primary">
          <Trans>Search</Trans>
        </button>
      </form>
      {found.isPending ? (
        <Spinner />
      ) : found.data?.cases.length === 0 ? (
        <p className="notice">
          <Trans>No archived case matches.</Trans>
        </p>
      ) : (
        <div className="case-table-wrap">
          <table className="case-table stack-table" data-testid="archived-cases">
            <thead>
              <tr>
                <th scope="col"><Trans>Case number</Trans></th>
                <th scope="col"><Trans>Case request</Trans></th>
                <th scope="col"><Trans>Verdict</Trans></th>
                <th scope="col"><Trans>Archival category</Trans></th>
                <th scope="col"><Trans>Archived date</Trans></th>
                <th scope="col"><Trans>Archived by</Trans></th>
              </tr>
            </thead>
            <tbody>
              {found.data?.cases.map((kase) => (
                <tr key={kase._id} data-testid="archived-case">
                  <td>
                    <Link to="/staff/cases/$id" params={{ id: kase._id }} className="case-number">
                      {kase.case_number}
                    </Link>
                  </td>
                  <td data-label={t`Case request`}>{localized(kase.caselist, 'case_name', locale)}</td>
                  <td data-label={t`Verdict`}>
                    <CaseStateBadge status={kase.verdict} />
                  </td>
                  <td data-label={t`Archival category`}>{kase.archive.category.name}</td>
                  <td data-label={t`Archived date`}>{formatDate(kase.archive.archived_date, locale)}</td>
                  <td data-label={t`Archived by`}>{personName(kase.archive.archived_by) || '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <QueuePager current={found.data?.currentPage ?? search.page} total={found.data?.totalPages ?? 1} onPage={(page) => go({ ...search, page })} />
    </>
  );
}
