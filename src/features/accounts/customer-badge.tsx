import { Trans } from '@lingui/react/macro';
import { fullName, type CustomerUser } from './api.ts';
import { Avatar } from './avatar.tsx';

/** The signed-in customer at the dashboard header's right end: picture, name and role. */
export function CustomerBadge({ customer }: { customer?: CustomerUser }) {
  return (
    <div className="dashboard-user">
      <Avatar customer={customer} />
      <div className="dashboard-user-text">
        <strong data-testid="customer-name">{customer ? fullName(customer) : ''}</strong>
        <small>
          <Trans>customer</Trans>
        </small>
      </div>
    </div>
  );
}
