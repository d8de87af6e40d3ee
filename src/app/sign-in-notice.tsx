import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCaseLink } from './session.ts';

/**
 * A shared /dashboard/case/{id} link opened while signed out still lands on / (SPEC
 * section 2), but says why; the log-in then opens the case.
 */
export function SignInNotice() {
  const caseLink = useCaseLink();
  if (!caseLink) return null;
  return (
    <div className="notice sign-in-notice" role="status" data-testid="sign-in-notice">
      <Trans>The case you opened is only shown to its owner. Please log in; the case opens right after.</Trans>{' '}
      <Link to="/login" className="button button-primary">
        <Trans>Log in</Trans>
      </Link>
    </div>
  );
}
