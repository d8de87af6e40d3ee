import { Trans } from '@lingui/react/macro';
import type { StaffCaseStatus } from '../../app/staff-cases.ts';

/**
 * A case's state in the staff's words: unlike the customer's badge, staff tell "waiting
 * for approval" (responded) from "approved" (verified), and see archived cases.
 */
export function CaseStateBadge({ status }: { status: StaffCaseStatus }) {
  switch (status) {
    case 'pending':
      return <span className="badge badge-grey"><Trans>new</Trans></span>;
    case 'ongoing':
      return <span className="badge badge-blue"><Trans>in progress</Trans></span>;
    case 'responded':
      return <span className="badge badge-blue"><Trans>waiting for approval</Trans></span>;
    case 'verified':
      return <span className="badge badge-green"><Trans>approved</Trans></span>;
    case 'rejected':
      return <span className="badge badge-red"><Trans>rejected</Trans></span>;
    case 'archived':
      return <span className="badge badge-grey"><Trans>archived</Trans></span>;
    case 'waiting_customer':
      return <span className="badge badge-amber"><Trans>waiting for the customer</Trans></span>;
    case 'under_review':
      return <span className="badge badge-blue"><Trans>under review</Trans></span>;
    // Issue 28: the customer withdrew it before it was answered.
    case 'withdrawn':
      return <span className="badge badge-grey"><Trans>withdrawn by the customer</Trans></span>;
  }
}

/** The late badge a queue and a case show beside the due day. */
export function LateBadge({ late }: { late: 'yes' | 'no' }) {
  return late === 'yes' ? <span className="badge badge-red"><Trans>late</Trans></span> : null;
}
