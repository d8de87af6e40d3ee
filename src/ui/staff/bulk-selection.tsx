import { useEffect, useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { BulkResults } from '../../../server/contract/bulk-moves.ts';
import type { QueuedCase } from '../../app/staff-cases.ts';
import type { CaseSelection } from './case-queue-table.tsx';

/**
 * The cases of a list ticked for a bulk move (issue 24), cleared whenever `page` (the list's
 * filters and page) changes: a ticked case stays ticked only while its page is the one shown.
 */
export function useCaseSelection(page: string) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setSelected(new Set()), [page]);
  const selection: CaseSelection = {
    selected,
    toggle: (id) => setSelected((now) => new Set(now.has(id) ? [...now].filter((each) => each !== id) : [...now, id])),
  };
  return { selected, setSelected, selection };
}

/** What a bulk move's bar is given: the page's cases ("select all" ticks these) and which are ticked. */
export interface BulkBarProps {
  cases: QueuedCase[];
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
}

/** "Select all on this page", and how many are ticked. */
export function SelectAllOnPage({ ids, selected, onSelect }: { ids: string[]; selected: ReadonlySet<string>; onSelect: (ids: ReadonlySet<string>) => void }) {
  const ticked = ids.filter((id) => selected.has(id)).length;
  const all = ids.length > 0 && ticked === ids.length;
  return (
    <>
      <label className="check-field">
        <input type="checkbox" checked={all} disabled={ids.length === 0} onChange={() => onSelect(new Set(all ? [] : ids))} />
        <span>
          <Trans>Select all on this page</Trans>
        </span>
      </label>
      <span className="bulk-count" aria-live="polite">
        <Trans>{ticked} selected</Trans>
      </span>
    </>
  );
}

/** What a bulk move did, by case number: those moved, and those refused grouped by the code the server gave. */
export interface BulkSummary {
  moved: string[];
  refused: [code: string, numbers: string[]][];
}

export function summariseBulk({ results }: BulkResults, numberOf: ReadonlyMap<string, string>): BulkSummary {
  const number = (id: string) => numberOf.get(id) ?? id;
  const refused = new Map<string, string[]>();
  for (const result of results) {
    if (!result.ok) refused.set(result.code, [...(refused.get(result.code) ?? []), number(result.id)]);
  }
  return { moved: results.filter((result) => result.ok).map((result) => number(result.id)), refused: [...refused] };
}

/**
 * What a bulk move did, in the reader's words: one line naming the cases moved, and one per
 * reason the others were refused (`why`, by the server's code; `otherwise` for a code not listed).
 */
export function BulkSummaryReport({ summary, moved, refused, why, otherwise }: {
  summary: BulkSummary;
  moved: (count: number, list: string) => ReactNode;
  refused: (count: number, list: string, reason: string) => ReactNode;
  why: Record<string, string>;
  otherwise: string;
}) {
  return (
    <div className="bulk-summary" role="status" data-testid="bulk-summary">
      {summary.moved.length > 0 && <p>{moved(summary.moved.length, summary.moved.join(', '))}</p>}
      {summary.refused.map(([code, numbers]) => (
        <p key={code} className="bulk-refused">
          {refused(numbers.length, numbers.join(', '), why[code] ?? otherwise)}
        </p>
      ))}
    </div>
  );
}
