import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/http.ts';
import { staffHttp } from '../../app/staff-session.ts';
import { staffCaseKeys } from '../../app/staff-cases.ts';
import { personName } from '../../ui/person-name.ts';
import { AssigneeSelect } from '../../ui/staff/assignee-select.tsx';
import { BulkSummaryReport, SelectAllOnPage, summariseBulk, type BulkBarProps, type BulkSummary } from '../../ui/staff/bulk-selection.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { officersQuery } from './api.ts';

type Kind = 'take' | 'assign';

/**
 * Several cases of a queue's page taken (officers) or assigned to one officer (managers) at
 * once (issue 24): each is moved by the server as its single move, so the answer says, case
 * by case, what was done and what was refused and why.
 */
export function BulkActions({ kind, cases, selected, onSelect }: BulkBarProps & { kind: Kind }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const refusal = useServerRefusal();
  const [officer, setOfficer] = useState('');
  const [summary, setSummary] = useState<BulkSummary & { kind: Kind }>();
  const chosen = cases.filter((kase) => selected.has(kase._id));
  const move = useMutation({
    mutationFn: (ids: string[]) =>
      kind === 'take'
        ? api('staffBulkTakeCases', { json: { case_ids: ids }, via: staffHttp })
        : api('staffBulkAssignCases', { json: { case_ids: ids, officer_id: officer }, via: staffHttp }),
    onSuccess: (answer) => {
      setSummary({ ...summariseBulk(answer, new Map(chosen.map((kase) => [kase._id, kase.case_number]))), kind });
      onSelect(new Set());
      void queryClient.invalidateQueries({ queryKey: staffCaseKeys.all });
    },
    onError: refusal,
  });
  const ready = chosen.length > 0 && (kind === 'take' || officer !== '') && !move.isPending;

  return (
    <section className="bulk-actions" aria-label={t`Several cases at once`}>
      <div className="bulk-bar">
        <SelectAllOnPage ids={cases.map((kase) => kase._id)} selected={selected} onSelect={onSelect} />
        {kind === 'assign' && <BulkOfficerSelect value={officer} onChange={setOfficer} />}
        <button type="button" className="button button-primary" disabled={!ready} onClick={() => move.mutate(chosen.map((kase) => kase._id))}>
          {kind === 'take' ? <Trans>Take selected</Trans> : <Trans>Assign selected</Trans>}
        </button>
      </div>
      {summary && <MovedSummary summary={summary} />}
    </section>
  );
}

function BulkOfficerSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useLingui();
  const officers = useQuery(officersQuery());
  const people = officers.data?.map((each) => ({ _id: each._id, name: personName(each), open: each.openCases }));
  return <AssigneeSelect id="bulk-officer" label={<Trans>Assign selected to</Trans>} placeholder={t`Choose an officer`} people={people} value={value} onChange={onChange} />;
}

/** What was moved and, for each reason, what was not: the codes a take or an assignment is refused with. */
function MovedSummary({ summary }: { summary: BulkSummary & { kind: Kind } }) {
  const { t } = useLingui();
  const why: Record<string, string> = {
    caseMoveNotAllowed: t`Its state does not allow this move.`,
    caseChangedMeanwhile: t`Someone else changed it just now.`,
    caseHeldByAnother: t`Another staff member holds it.`,
    officerNotFound: t`The officer is not an active officer of its directorate.`,
  };
  return (
    <BulkSummaryReport
      summary={summary}
      moved={(count, list) => (summary.kind === 'take' ? t`Taken (${count}): ${list}` : t`Assigned (${count}): ${list}`)}
      refused={(count, list, reason) => t`Not moved (${count}): ${list}. ${reason}`}
      why={why}
      otherwise={t`It is no longer in your queue.`}
    />
  );
}
