import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Spinner } from '../spinner.tsx';
import { queueQuery, type QueueFilters, type QueuePage } from '../../app/staff-cases.ts';
import { CaseQueueTable, type CaseSelection } from './case-queue-table.tsx';

/**
 * A queue screen's state, kept in its URL: the page of cases for `filters` (the last page
 * stays shown while the next loads), the search box's text, `go` to change filters (back
 * to page 1 unless a page is given) and `search` for the form's submit.
 */
export function useQueueSearch<Filters extends QueueFilters>(filters: Filters, to: '/staff' | '/staff/archive') {
  const navigate = useNavigate();
  const list = useQuery({ ...queueQuery(filters), placeholderData: (previous) => previous });
  const [text, setText] = useState(filters.q ?? '');
  const go = (next: Partial<Filters>) => void navigate({ to, search: { ...filters, page: 1, ...next } });
  const search = (event: FormEvent) => {
    event.preventDefault();
    go({ q: text.trim() || undefined } as Partial<Filters>);
  };
  return { list, text, setText, go, search };
}

/** A queue's search box: part of a case number, a customer's phone or name. */
export function CaseSearchField({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  return (
    <label className="inline-field">
      <span>
        <Trans>Case number, phone or name</Trans>
      </span>
      <input name="q" value={value} maxLength={60} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** A page of cases as it stands: loading, nothing to show (in the list's own words), or its cases as `table` draws them. */
export function CaseResults<Row>({ list, empty, table }: { list: UseQueryResult<{ cases: Row[] }>; empty: ReactNode; table: (rows: Row[]) => ReactNode }) {
  if (list.isPending) return <Spinner />;
  if (list.data?.cases.length === 0) return <p className="notice">{empty}</p>;
  return table(list.data?.cases ?? []);
}

/** A page of a queue as it stands, its cases in the queue's table (with a checkbox each when a bulk move is offered). */
export function QueueResults({ list, empty, selection }: { list: UseQueryResult<QueuePage>; empty: ReactNode; selection?: CaseSelection }) {
  return <CaseResults list={list} empty={empty} table={(cases) => <CaseQueueTable cases={cases} selection={selection} />} />;
}
