import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { queueQuery } from '../../app/staff-cases.ts';
import { QueueResults } from '../../ui/staff/queue-controls.tsx';
import { Pager } from '../../ui/staff/pager.tsx';

/**
 * The letters waiting for an admin's approval, soonest due first: those of a directorate with
 * no other manager to approve them (four eyes). A manager's are the queue's approval view.
 */
export function ApprovalsPage({ page }: { page: number }) {
  const navigate = useNavigate();
  const list = useQuery({ ...queueQuery({ page, view: 'approval' }), placeholderData: (previous) => previous });
  return (
    <>
      <div className="page-title-row">
        <h1>
          <Trans>Letters waiting for approval</Trans>
        </h1>
      </div>
      <QueueResults list={list} empty={<Trans>No letters are waiting for your approval.</Trans>} />
      <Pager
        current={list.data?.currentPage ?? page}
        total={list.data?.totalPages ?? 1}
        onPage={(next) => void navigate({ to: '/staff/approvals', search: { page: next } })}
      />
    </>
  );
}
