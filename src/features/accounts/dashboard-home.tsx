import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** The customer's starting point: where to go next. */
export function DashboardHome() {
  return (
    <main className="page">
      <h1>
        <Trans>Welcome to your dashboard</Trans>
      </h1>
      <p className="lead">
        <Trans>From here you can apply for a case, follow your cases, read the manual and see your profile.</Trans>
      </p>
      <ul className="quick-links">
        <li>
          <Link to="/dashboard/manual" className="service-card">
            <span className="service-card-name">
              <Trans>Manual</Trans>
            </span>
            <span className="service-card-description">
              <Trans>How to use the portal, step by step.</Trans>
            </span>
          </Link>
        </li>
        <li>
          <Link to="/dashboard/settings" className="service-card">
            <span className="service-card-name">
              <Trans>My profile</Trans>
            </span>
            <span className="service-card-description">
              <Trans>The personal information we hold about you.</Trans>
            </span>
          </Link>
        </li>
      </ul>
    </main>
  );
}
