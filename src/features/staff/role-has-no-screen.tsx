import { Trans } from '@lingui/react/macro';

/** What /staff shows a role whose own screens are not built yet, instead of a queue it may not read. */
export function RoleHasNoScreen() {
  return (
    <p className="notice">
      <Trans>There is no work for your role on this page.</Trans>
    </p>
  );
}
