import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Logo } from './logo.tsx';

/** The frame of the account screens: a centred card under the public bars. */
export function AuthCard({ title, intro, children, wide = false }: { title: ReactNode; intro?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <main className="auth-page" id="main">
      <section className={`auth-card ${wide ? 'auth-card-wide' : ''}`}>
        <div className="auth-card-head">
          <Logo size={48} />
          <h1>{title}</h1>
          {intro && <p className="muted">{intro}</p>}
        </div>
        {children}
      </section>
    </main>
  );
}

/** The way back from the password screens to the log-in page. */
export function BackToLogin() {
  return (
    <p className="auth-alt">
      <Link to="/login">
        <Trans>Back to log in</Trans>
      </Link>
    </p>
  );
}
