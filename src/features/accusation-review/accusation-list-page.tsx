import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FilterSelect } from '../../ui/staff/filter-select.tsx';
import { Pager } from '../../ui/staff/pager.tsx';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatDate } from '../../i18n/dates.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { AccusationStateBadge } from '../../ui/accusation-state-badge.tsx';
import { accusationsQuery, type AccusationFilters } from './api.ts';
import { staffName } from '../../ui/staff/staff-name.ts';

/** The ethics users' inbox: newest first by default, filtered by reference, state, name or phone, ten a page, each with its state. */
export function AccusationListPage({ filters }: { filters: AccusationFilters }) {
  const { t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const list = useQuery({ ...accusationsQuery(filters), placeholderData: (previous) => previous });
  const [name, setName] = useState(filters.name);
  const [phone, setPhone] = useState(filters.phone);
  const [reference, setReference] = useState(filters.reference);
  const go = (next: Partial<AccusationFilters>) =>
    void navigate({ to: '/staff/accusations', search: { ...filters, ...next } });
  const search = (event: FormEvent) => {
    event.preventDefault();
    go({ name: name.trim(), phone: phone.trim(), reference: reference.trim(), page: 1 });
  };
  const total = list.data?.totalPages ?? 1;
  const current = list.data?.currentPage ?? filters.page;

  return (
    <>
      <div className="page-title-row">
        <h1>
          <Trans>Accusations</Trans>
        </h1>
        {list.data && (
          <span className="muted">
            <Trans>{list.data.total} in all</Trans>
          </span>
        )}
      </div>
      <form className="filters" onSubmit={search} role="search">
        {/* First: anonymous complainants have no name or phone, only the reference they were given. */}
        <label className="inline-field">
          <span>
            <Trans>Reference</Trans>
          </span>
          <input value={reference} onChange={(e) => setReference(e.target.value)} placeholder="ACC-2019-000005" autoCapitalize="characters" spellCheck={false} />
        </label>
        <label className="inline-field">
          <span>
            <Trans>Name</Trans>
          </span>
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="inline-field">
          <span>
            <Trans>Phone</Trans>
          </span>
          <input value={phone} onChange={(e) => setPhone(e.target.value)} inputMode="tel" />
        </label>
        <FilterSelect
          label={<Trans>State</Trans>}
          name="status"
          value={filters.status || undefined}
          anyLabel={t`All states`}
          options={[
            { value: 'received', label: t`received` },
            { value: 'under_review', label: t`under review` },
            { value: 'closed', label: t`closed` },
          ] as const}
          onChange={(status) => go({ status: status ?? '', page: 1 })}
        />
        <label className="inline-field">
          <span>
            <Trans>Sort</Trans>
          </span>
          <select value={filters.sort} onChange={(e) => go({ sort: Number(e.target.value) === 1 ? 1 : -1, page: 1 })}>
            <option value={-1}>{t`Latest`}</option>
            <option value={1}>{t`Oldest`}</option>
          </select>
        </label>
        <button type="submit" className="button button-primary">
          <Trans>Search</Trans>
        </button>
      </form>
      {list.isPending ? (
        <Spinner />
      ) : list.data?.accusations.length === 0 ? (
        <p className="notice">
          <Trans>No accusations match.</Trans>
        </p>
      ) : (
        <div className="case-table-wrap">
          {/* Under 640px each accusation is a card, its values named (styles.css .stack-table). */}
          <table className="case-table stack-table" data-testid="accusation-list">
            <thead>
              <tr>
                <th scope="col"><Trans>Reference</Trans></th>
                <th scope="col"><Trans>Date</Trans></th>
                <th scope="col"><Trans>Name</Trans></th>
                <th scope="col"><Trans>Phone</Trans></th>
                <th scope="col"><Trans>Subject</Trans></th>
                <th scope="col"><Trans>State</Trans></th>
                <th scope="col"><Trans>Assigned to</Trans></th>
              </tr>
            </thead>
            <tbody>
              {list.data?.accusations.map((accusation) => (
                <tr key={accusation._id}>
                  <td>
                    <Link to="/staff/accusations/$id" params={{ id: accusation._id }}>
                      {accusation.reference}
                    </Link>
                  </td>
                  <td data-label={t`Date`}>{formatDate(accusation.createdAt, locale)}</td>
                  <td data-label={t`Name`}>{accusation.name || '-'}</td>
                  <td data-label={t`Phone`}>{accusation.phone || '-'}</td>
                  <td data-label={t`Subject`}>{accusation.subject}</td>
                  <td data-label={t`State`}>
                    <AccusationStateBadge status={accusation.status} />
                  </td>
                  <td data-label={t`Assigned to`}>{accusation.assignedTo ? staffName(accusation.assignedTo) : '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager current={current} total={total} onPage={(page) => go({ page })} />
    </>
  );
}
