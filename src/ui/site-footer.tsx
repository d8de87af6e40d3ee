import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <p>
        {/* SPEC section 1: the corporation's copyright line reading "All Right Reserved". */}
        <Trans>© {year} Housing Development Corporation. All Right Reserved.</Trans>
      </p>
      {/* Issue 28: the public performance page and its open data. */}
      <p className="site-footer-links">
        <Link to="/performance"><Trans>Our performance</Trans></Link>
      </p>
    </footer>
  );
}
