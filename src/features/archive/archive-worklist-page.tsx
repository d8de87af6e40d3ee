import { Trans, useLingui } from '@lingui/react/macro';
import { FilterSelect } from '../../ui/staff/filter-select.tsx';
import { ArchiveTabs } from './archive-tabs.tsx';
import { CaseResults, CaseSearchField, useQueueSearch } from '../../ui/staff/queue-controls.tsx';
import { CaseQueueTable } from '../../ui/staff/case-queue-table.tsx';
import { useCaseSelection } from '../../ui/staff/bulk-selection.tsx';
import { Pager } from '../../ui/staff/pager.tsx';
import { BulkFiling } from './bulk-filing.tsx';

/** The closed states an archivist files; without one chosen, both. */
export type Verdict = 'verified' | 'rejected';
/** The worklist's page, state and search (part of a case number, a customer's phone or name). */
export interface WorklistFilters {
  page: number;
  status?: Verdict;
  q?: string;
}

/**
 * An archivist's worklist: the approved and rejected cases of every directorate that are
 * not filed yet (the server decides which an archivist sees), ten a page. Each opens the
 * case page, where it is filed under a category; or several ticked here are filed at once.
 */
export function ArchiveWorklistPage({ filters }: { filters: WorklistFilters }) {
  const { t } = useLingui();
  const { list, text, setText, go, search } = useQueueSearch(filters, '/staff/archive');
  const { selected, setSelected, selection } = useCaseSelection(JSON.stringify(filters));
  return (
    <>
      <div className="page-title-row">
        <h1>
          <Trans>Cases to be archived</Trans>
        </h1>
      </div>
      <ArchiveTabs />
      <form className="filters" onSubmit={search} role="search">
        <CaseSearchField value={text} onChange={setText} />
        <FilterSelect
          label={<Trans>State</Trans>}
          name="status"
          value={filters.status}
          anyLabel={t`Approved and rejected`}
          options={[{ value: 'verified', label: t`approved` }, { value: 'rejected', label: t`rejected` }] as const}
          onChange={(status) => go({ status })}
        />
        <button type="submit" className="button button-primary">
          <Trans>Search</Trans>
        </button>
      </form>
      <BulkFiling cases={list.data?.cases ?? []} selected={selected} onSelect={setSelected} />
      <CaseResults
        list={list}
        empty={<Trans>No closed case is waiting to be archived.</Trans>}
        table={(cases) => <CaseQueueTable cases={cases} selection={selection} />}
      />
      <Pager current={list.data?.currentPage ?? filters.page} total={list.data?.totalPages ?? 1} onPage={(page) => go({ page })} />
    </>
  );
}
