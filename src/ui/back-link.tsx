import { Trans } from '@lingui/react/macro';
import { Link, type LinkProps } from '@tanstack/react-router';

/** The "← Back" link at the top of a page, to the page it belongs under. */
export function BackLink({ to }: { to: LinkProps['to'] }) {
  return (
    <Link to={to} className="back-link">
      <span aria-hidden="true">←</span> <Trans>Back</Trans>
    </Link>
  );
}
