import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { formatDate } from '../../i18n/dates.ts';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { personName } from '../../ui/person-name.ts';
import { archiveQuery, categoriesQuery, type ArchivedCase, type ArchiveSearch } from './api.ts';
import { ArchiveTabs } from './archive-tabs.tsx';
import { CaseStateBadge } from '../../ui/staff/case-state-badge.tsx';
import { CaseTable, type CaseColumn } from '../../ui/staff/case-queue-table.tsx';
import { CaseResults } from '../../ui/staff/queue-controls.tsx';
import { Pager } from '../../ui/staff/pager.tsx';
import { DayField, useDayProblemText } from '../../ui/staff/day-field.tsx';
import { dayRangeProblem } from '../../ui/staff/day-checks.ts';

/**
 * The archive: filed cases, the last filed first, found by category, part of a
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
  const [rangeError, setRangeError] = useState<{ field: 'from' | 'to'; text: string }>();
  const dayProblemText = useDayProblemText();
  const rangeErrorOf = (field: 'from' | 'to') => (rangeError?.field === field ? rangeError.text : undefined);
  const go = (next: ArchiveSearch) => void navigate({ to: '/staff/archive/search', search: next });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A day that does not exist, or a range that ends before it starts, is said so rather than searched.
    const problem = dayRangeProblem(draft.from, draft.to);
    setRangeError(problem && { field: problem.field, text: dayProblemText(problem.problem) });
    if (problem) return;
    go({ ...draft, case_number: draft.case_number?.trim() || undefined, page: 1 });
  };
  const columns: CaseColumn<ArchivedCase>[] = [
    { label: t`Case request`, cell: (kase) => localized(kase.caselist, 'case_name', locale) },
    { label: t`Verdict`, cell: (kase) => <CaseStateBadge status={kase.verdict} /> },
    { label: t`Archival category`, cell: (kase) => kase.archive.category.name },
    { label: t`Archived date`, cell: (kase) => formatDate(kase.archive.archived_date, locale) },
    { label: t`Archived by`, cell: (kase) => personName(kase.archive.archived_by) || '-' },
  ];

  return (
    <>
      <div className="page-title-row">
        <h1>
          <Trans>Search the archive</Trans>
        </h1>
      </div>
      <ArchiveTabs />
      <form className="filters" onSubmit={submit} role="search" noValidate>
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
        <DayField inline id="archived-from" label={<Trans>Archived from</Trans>} value={draft.from ?? ''} error={rangeErrorOf('from')}
          onChange={(day) => set({ from: day || undefined })} />
        <DayField inline id="archived-to" label={<Trans>Archived to</Trans>} value={draft.to ?? ''} error={rangeErrorOf('to')}
          onChange={(day) => set({ to: day || undefined })} />
        <button type="submit" className="button button-primary">
          <Trans>Search</Trans>
        </button>
      </form>
      <CaseResults
        list={found}
        empty={<Trans>No archived case matches.</Trans>}
        table={(cases) => <CaseTable rows={cases} columns={columns} testId={{ table: 'archived-cases', row: 'archived-case' }} />}
      />
      <Pager current={found.data?.currentPage ?? search.page} total={found.data?.totalPages ?? 1} onPage={(page) => go({ ...search, page })} />
    </>
  );
}
