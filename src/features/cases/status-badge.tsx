import { Trans } from '@lingui/react/macro';
import type { CaseStatus } from '../../../server/contract/cases.ts';

/**
 * SPEC section 4: pending shows "pending" (grey); ongoing and responded show
 * "processing"; verified shows "responded" (green); rejected shows "rejected" (red) on
 * detail and check-status views, and no badge at all on list pages.
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
  }
}
