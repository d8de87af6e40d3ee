import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { QUEUE_VIEWS_OF_ROLE, type QueueSort, type QueueView } from '../../../server/contract/constants.ts';
import { FilterSelect } from '../../ui/staff/filter-select.tsx';
import type { QueueFilters, StaffCaseStatus } from '../../app/staff-cases.ts';
import { staffSession } from '../../app/staff-session.ts';
import { CaseSearchField, QueueResults, useQueueSearch } from '../../ui/staff/queue-controls.tsx';
import { Pager } from '../../ui/staff/pager.tsx';
import { useCaseSelection } from '../../ui/staff/bulk-selection.tsx';
import { BulkActions } from './bulk-actions.tsx';
import { QueueViewBar, useViewNames } from './queue-view-bar.tsx';
import { rememberedView } from './remembered-view.ts';

/** Officers and managers work open cases only; the closed ones are the archivist's (review defect 1). */
const OPEN_STATES: StaffCaseStatus[] = ['pending', 'ongoing', 'responded', 'waiting_customer', 'under_review'];

/**
 * The directorate's queue in views (issue 24): my work, unassigned, waiting for my approval,
 * sent back, due soon, late, all open, each with its count; sorted by due day, filing or age,
 * narrowed by state, lateness, "assigned to me" and a search, ten a page. All of it is in the
 * URL; the view is remembered for this staff user. Cases are taken (officers) or assigned
 * (managers) several at once.
 */
export function QueuePage({ filters }: { filters: QueueFilters }) {
  const { t } = useLingui();
  const { list, text, setText, go, search } = useQueueSearch(filters, '/staff');
  const role = staffSession.role();
  const views = QUEUE_VIEWS_OF_ROLE[role ?? ''] ?? [];
  const view: QueueView = filters.view ?? 'open';
  const names = useViewNames();
  const stateName: Record<StaffCaseStatus, string> = {
    pending: t`new`, ongoing: t`in progress`, responded: t`waiting for approval`, verified: t`approved`, rejected: t`rejected`, archived: t`archived`,
    waiting_customer: t`waiting for the customer`, under_review: t`under review`, withdrawn: t`withdrawn by the customer`,
  };
  const sortName: Record<QueueSort, string> = { due: t`Due day, soonest first`, filed: t`Filing day, newest first`, age: t`Age, oldest first` };
  const { selected, setSelected, selection } = useCaseSelection(JSON.stringify(filters));

  useEffect(() => rememberedView.set(staffSession.staffId(), view), [view]);

  return (
    <>
      <div className="page-title-row">
        <h1>{names[view]}</h1>
      </div>
      <QueueViewBar views={views} current={view} counts={list.data?.counts} sort={filters.sort} />
      <form className="filters" onSubmit={search} role="search">
        <CaseSearchField value={text} onChange={setText} />
        <FilterSelect
          label={<Trans>State</Trans>}
          name="status"
          value={filters.status}
          anyLabel={t`All states`}
          options={OPEN_STATES.map((state) => ({ value: state, label: stateName[state] }))}
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
        <FilterSelect
          label={<Trans>Order</Trans>}
          name="sort"
          value={filters.sort ?? 'due'}
          options={(['due', 'filed', 'age'] as const).map((sort) => ({ value: sort, label: sortName[sort] }))}
          onChange={(sort) => go({ sort: sort === 'due' ? undefined : sort })}
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
      {/* A response waiting for approval is approved one by one, on its page. */}
      {(role === 'officer' || role === 'manager') && view !== 'approval' && (
        <BulkActions kind={role === 'officer' ? 'take' : 'assign'} cases={list.data?.cases ?? []} selected={selected} onSelect={setSelected} />
      )}
      <QueueResults
        list={list}
        empty={<Trans>No cases match.</Trans>}
        selection={view === 'approval' ? undefined : selection}
      />
      <Pager current={list.data?.currentPage ?? filters.page} total={list.data?.totalPages ?? 1} onPage={(page) => go({ page })} />
    </>
  );
}
