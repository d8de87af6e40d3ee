import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCaseKeys } from '../../app/staff-cases.ts';
import { ConfirmDialog } from '../../ui/staff/confirm-dialog.tsx';
import { BulkSummaryReport, SelectAllOnPage, summariseBulk, type BulkBarProps, type BulkSummary } from '../../ui/staff/bulk-selection.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { archiveKeys, categoriesQuery, fileCases } from './api.ts';
import { CategorySelect } from './category-select.tsx';

/**
 * The worklist's bulk filing (issue 24): the ticked cases of the page filed under one
 * category, after a confirmation saying how many. The server files each as the single filing
 * does, so the summary says which were filed and which were refused, and why.
 */
export function BulkFiling({ cases, selected, onSelect }: BulkBarProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const refusal = useServerRefusal();
  const categories = useQuery(categoriesQuery());
  const [category, setCategory] = useState('');
  const [asking, setAsking] = useState(false);
  const [summary, setSummary] = useState<BulkSummary & { category: string }>();
  const chosen = cases.filter((kase) => selected.has(kase._id));
  const categoryName = categories.data?.find((each) => each._id === category)?.name ?? '';
  const file = useMutation({
    mutationFn: () => fileCases(chosen.map((kase) => kase._id), category),
    onSuccess: (answer) => {
      setSummary({ ...summariseBulk(answer, new Map(chosen.map((kase) => [kase._id, kase.case_number]))), category: categoryName });
      setAsking(false);
      onSelect(new Set());
    },
    onError: (error) => {
      refusal(error);
      setAsking(false);
    },
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: staffCaseKeys.all }),
      queryClient.invalidateQueries({ queryKey: archiveKeys.all }),
    ]),
  });
  const count = chosen.length;

  return (
    <section className="bulk-actions" aria-label={t`Several cases at once`}>
      <div className="bulk-bar">
        <SelectAllOnPage ids={cases.map((kase) => kase._id)} selected={selected} onSelect={onSelect} />
        <CategorySelect id="bulk-category" value={category} onChange={setCategory} />
        <button type="button" className="button button-primary" disabled={count === 0 || category === ''} onClick={() => setAsking(true)}>
          <Trans>File selected under this category</Trans>
        </button>
      </div>
      {asking && (
        <ConfirmDialog title={t`File the selected cases`} busy={file.isPending} onConfirm={() => file.mutate()} onCancel={() => setAsking(false)}>
          <p>
            <Trans>Cases to file under “{categoryName}”: {count}. A filed case can be moved to another category for 30 days.</Trans>
          </p>
        </ConfirmDialog>
      )}
      {summary && <FilingSummary summary={summary} />}
    </section>
  );
}

/** What was filed and, for each reason, what was not: the codes a filing is refused with. */
function FilingSummary({ summary }: { summary: BulkSummary & { category: string } }) {
  const { t } = useLingui();
  const why: Record<string, string> = {
    caseMoveNotAllowed: t`It is filed already, or not closed.`,
    caseChangedMeanwhile: t`Someone else changed it just now.`,
    archivalCategoryNotFound: t`The category is no longer in use.`,
  };
  const category = summary.category;
  return (
    <BulkSummaryReport
      summary={summary}
      moved={(count, list) => t`Filed under “${category}” (${count}): ${list}`}
      refused={(count, list, reason) => t`Not filed (${count}): ${list}. ${reason}`}
      why={why}
      otherwise={t`It is no longer in the worklist.`}
    />
  );
}
