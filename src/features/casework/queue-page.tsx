import { Trans, useLingui } from '@lingui/react/macro';
import { FilterSelect } from '../../ui/staff/filter-select.tsx';
import type { QueueFilters, StaffCaseStatus } from '../../app/staff-cases.ts';
import { CaseSearchField, QueueResults, useQueueSearch } from '../../ui/staff/queue-controls.tsx';
import { Pager } from '../../ui/staff/pager.tsx';

const STATES: StaffCaseStatus[] = ['pending', 'ongoing', 'responded', 'verified', 'rejected'];

/**
 * The directorate's queue, soonest due first: filter by state, lateness and
 * "assigned to me", search by case number, phone or name, ten a page. Managers see their
 * directorate's cases; the server decides which directorate that is.
 */
export function QueuePage({ filters }: { filters: QueueFilters }) {
  const { t } = useLingui();
  const { list, text, setText, go, search } = useQueueSearch(filters, '/staff');
  const stateName: Record<StaffCaseStatus, string> = {
    pending: t`new`, ongoing: t`in progress`, responded: t`waiting for approval`, verified: t`approved`, rejected: t`rejected`, archived: t`archived`,
  };

  return (
    <>
      <div className="page-title-row">
        <h1>
          <Trans>Case queue</Trans>
        </h1>
      </div>
      <form className="filters" onSubmit={search} role="search">
        <CaseSearchField value={text} onChange={setText} />
        <FilterSelect
          label={<Trans>State</Trans>}
          name="status"
          value={filters.status}
          anyLabel={t`All states`}
          options={STATES.map((state) => ({ value: state, label: stateName[state] }))}
          onChange={(status) => go({ status })}
        />
        <FilterSelect
          label={<Trans>Late</Trans>}
          name="late"
          value={filters.late}
          anyLabel={t`Any`}
          options={[{ value: 'yes', label: t`Yes` }, { value: 'no', label: t`No` }] as const}
          onChange={(late) => go({ late })}
        />
        <label className="check-field">
          <input type="checkbox" name="mine" checked={filters.mine === 'yes'} onChange={(e) => go({ mine: e.target.checked ? 'yes' : undefined })} />
          <span>
            <Trans>Assigned to me</Trans>
          </span>
        </label>
        <button type="submit" className="button button-primary">
          <Trans>Search</Trans>
        </button>
      </form>
      <QueueResults list={list} empty={<Trans>No cases match.</Trans>} />
      <Pager current={list.data?.currentPage ?? filters.page} total={list.data?.totalPages ?? 1} onPage={(page) => go({ page })} />
    </>
  );
}
