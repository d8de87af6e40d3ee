import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from '../../ui/spinner.tsx';
import type { QueuePage } from './api.ts';
import { CaseQueueTable } from './case-queue-table.tsx';

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

/** A page of a queue as it stands: loading, nothing to show (in the queue's own words), or its cases. */
export function QueueResults({ list, empty }: { list: UseQueryResult<QueuePage>; empty: ReactNode }) {
  if (list.isPending) return <Spinner />;
  if (list.data?.cases.length === 0) return <p className="notice">{empty}</p>;
  return <CaseQueueTable cases={list.data?.cases ?? []} />;
}
