import { Trans } from '@lingui/react/macro';
import type { CaseStatus } from '../../../server/contract/cases.ts';

/**
 * SPEC section 4: pending shows "pending" (grey); ongoing and responded show
 * "processing"; verified shows "responded" (green); rejected shows "rejected" (red) on
 * detail and check-status views, and no badge at all on list pages. Issue 25 adds two states
 * of their own: the corporation waits for the customer (amber, it is theirs to act), and a
 * decision is being reviewed. Issue 28: a case its customer withdrew (grey, nothing more happens).
 */
export function StatusBadge({ status, onList = false }: { status: CaseStatus; onList?: boolean }) {
  switch (status) {
    case 'pending':
      return <span className="badge badge-grey"><Trans>pending</Trans></span>;
    case 'ongoing':
    case 'responded':
      return <span className="badge badge-blue"><Trans>processing</Trans></span>;
    case 'verified':
      return <span className="badge badge-green"><Trans>responded</Trans></span>;
    case 'rejected':
      return onList ? null : <span className="badge badge-red"><Trans>rejected</Trans></span>;
    case 'waiting_customer':
      return <span className="badge badge-amber"><Trans>waiting for you</Trans></span>;
    case 'under_review':
      return <span className="badge badge-blue"><Trans>under review</Trans></span>;
    // Issue 28: the customer withdrew it before it was answered; shown on lists too.
    case 'withdrawn':
      return <span className="badge badge-grey" data-testid="badge-withdrawn"><Trans>withdrawn</Trans></span>;
  }
}
