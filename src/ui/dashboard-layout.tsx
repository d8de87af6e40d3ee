import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Outlet } from '@tanstack/react-router';
import { LanguageSelect } from '../i18n/language-select.tsx';
import { LazyOutboxLink } from '../outbox/lazy-outbox-link.tsx';
import { Logo } from './logo.tsx';
import { PwaBars } from './pwa-bars.tsx';
import { Spinner } from './spinner.tsx';

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

function greeting(hour: number) {
  return hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
}

/**
 * SPEC section 2 "Customer dashboard": left sidebar, sticky header, main content; a mobile
 * panel. Who is signed in comes from the accounts feature; the route puts the two together.
 */
export function DashboardLayout({
  firstName,
  user,
  onLogout,
  loggingOut,
  children,
}: {
  /** Ends the greeting once the customer's profile has loaded. */
  firstName?: string;
  /** Who is signed in, at the header's right end. */
  user: ReactNode;
  onLogout: () => void;
  loggingOut: boolean;
  /** A page outside /dashboard shown in the customer's frame (the print page); else the dashboard's own routes. */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const [navOpen, setNavOpen] = useState(false);
  const part = greeting(new Date().getHours());

  const links: { to: '/dashboard' | '/dashboard/cases' | '/dashboard/casestatus' | '/dashboard/manual' | '/dashboard/settings'; label: ReactNode; icon: ReactNode; exact?: boolean }[] = [
    { to: '/dashboard', label: <Trans>Dashboard</Trans>, icon: icon('M3 12l9-8 9 8M5 10v10h14V10'), exact: true },
    { to: '/dashboard/cases', label: <Trans>Apply case</Trans>, icon: icon('M12 5v14M5 12h14') },
    { to: '/dashboard/casestatus', label: <Trans>Case status</Trans>, icon: icon('M4 6h16M4 12h16M4 18h10') },
    { to: '/dashboard/manual', label: <Trans>Manual</Trans>, icon: icon('M4 4h11l5 5v11H4zM15 4v5h5') },
    { to: '/dashboard/settings', label: <Trans>Profile</Trans>, icon: icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1-4 4-6 8-6s7 2 8 6') },
  ];
  const nav = (
    <ul className="dashboard-nav-list">
      {links.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            className="dashboard-nav-link"
            activeOptions={{ exact: link.exact ?? false }}
            onClick={() => setNavOpen(false)}
          >
            {link.icon}
            <span>{link.label}</span>
          </Link>
        </li>
      ))}
      <li>
        <button type="button" className="dashboard-nav-link" onClick={onLogout} disabled={loggingOut}>
          {icon('M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10')}
          <span>
            <Trans>Logout</Trans>
          </span>
          {loggingOut && <Spinner />}
        </button>
      </li>
    </ul>
  );

  return (
    <div className="dashboard">
      <aside className="dashboard-sidebar" aria-label={t`Customer menu`}>
        <Link to="/dashboard" className="dashboard-brand">
          <Logo size={36} />
          <span>
            <Trans>Housing Development Corporation</Trans>
          </span>
        </Link>
        <nav>{nav}</nav>
      </aside>
      <div className="dashboard-body">
        <PwaBars />
        <header className="dashboard-header">
          <button
            type="button"
            className="menu-toggle dashboard-toggle"
            aria-label={t`Menu`}
            aria-expanded={navOpen}
            aria-controls="dashboard-mobile-nav"
            onClick={() => setNavOpen((open) => !open)}
          >
            {icon('M3 6h18M3 12h18M3 18h18')}
          </button>
          <div className="dashboard-header-title">
            <p className="dashboard-greeting">
              {part === 'morning' ? <Trans>Good morning</Trans> : part === 'afternoon' ? <Trans>Good afternoon</Trans> : <Trans>Good evening</Trans>}
              {firstName && `, ${firstName}`}
            </p>
            <p className="dashboard-company">
              <Trans>Housing Development Corporation</Trans> · <Trans>customer dashboard</Trans>
            </p>
          </div>
          <LazyOutboxLink />
          <LanguageSelect />
          {user}
        </header>
        {navOpen && (
          <nav id="dashboard-mobile-nav" className="dashboard-mobile-nav" aria-label={t`Customer menu`}>
            {nav}
          </nav>
        )}
        <div className="dashboard-main" id="main">
          {children ?? <Outlet />}
        </div>
      </div>
    </div>
  );
}
