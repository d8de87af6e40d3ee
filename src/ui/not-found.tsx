import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { PublicLayout } from './public-layout.tsx';

/** SPEC section 2: any other path shows "Page not found" with "Go back" to /. */
export function NotFound() {
  return (
    <main className="full-screen not-found" id="main">
      <p className="full-screen-code" aria-hidden="true">
        404
      </p>
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>We couldn't find the page you are looking for.</Trans>
      </p>
      <Link to="/" className="button button-primary">
        <Trans>Go back</Trans>
      </Link>
    </main>
  );
}

/** A public path that leads nowhere keeps the site's bars, so the language can still be changed. */
export function PublicNotFound() {
  return (
    <PublicLayout>
      <NotFound />
    </PublicLayout>
  );
}
