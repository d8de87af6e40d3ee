import { Trans } from '@lingui/react/macro';
import type { AccusationStatus } from '../../server/contract/accusations.ts';

/**
 * Where an accusation stands, the same for the ethics users and for the
 * complainant who looks it up by reference: here because both features show it.
 */
export function AccusationStateBadge({ status }: { status: AccusationStatus }) {
  switch (status) {
    case 'received':
      return <span className="badge badge-grey" data-state={status}><Trans>received</Trans></span>;
    case 'under_review':
      return <span className="badge badge-blue" data-state={status}><Trans>under review</Trans></span>;
    case 'closed':
      return <span className="badge badge-green" data-state={status}><Trans>closed</Trans></span>;
  }
}
