import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { LanguageSelect } from '../i18n/language-select.tsx';
import { Logo } from './logo.tsx';
import { InstallButton, PwaBars } from './pwa-bars.tsx';
import { LazyOutboxLink } from '../outbox/lazy-outbox-link.tsx';

/**
 * The public pages' two bars (SPEC section 2 "Landing page"): logo, name, language and
 * log-in on top; the visitor links and log-in/register below, folded into a menu on phones.
 */
export function SiteHeader() {
  const { t } = useLingui();
  const [menuOpen, setMenuOpen] = useState(false);
  const links = (
    <>
      <Link to="/checkstatus" className="nav-link" onClick={() => setMenuOpen(false)}>
        <Trans>Check status</Trans>
      </Link>
      <Link to="/makeaccusation" className="nav-link" onClick={() => setMenuOpen(false)}>
        <Trans>Make accusation</Trans>
      </Link>
      <Link to="/manual" className="nav-link" onClick={() => setMenuOpen(false)}>
        <Trans>Manual</Trans>
      </Link>
    </>
  );
  return (
    <header className="site-header">
      <PwaBars />
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <div className="top-bar">
        <Link to="/" className="brand">
          <Logo />
          <span className="brand-name">
            <Trans>Housing Development Corporation</Trans>
          </span>
        </Link>
        <div className="top-bar-actions">
          <InstallButton />
          <LazyOutboxLink />
          <LanguageSelect />
          <Link to="/login" className="button button-light">
            <Trans>Log in</Trans>
          </Link>
        </div>
      </div>
      <nav className="second-bar" aria-label={t`Main`}>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={t`Menu`}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <div className="nav-links">{links}</div>
        <div className="auth-links">
          <Link to="/login" className="button button-outline">
            <Trans>Log in</Trans>
          </Link>
          <Link to="/register" className="button button-primary">
            <Trans>Register</Trans>
          </Link>
        </div>
        {menuOpen && (
          <div id="mobile-menu" className="mobile-menu">
            {links}
          </div>
        )}
      </nav>
    </header>
  );
}
