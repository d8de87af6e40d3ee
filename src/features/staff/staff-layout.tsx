import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { LanguageSelect } from '../../i18n/language-select.tsx';
import { Logo } from '../../ui/logo.tsx';
import { staffApi } from './api.ts';
import { STAFF_QUERIES, staffSession, type StaffRole } from '../../app/staff-session.ts';

/** The staff frame: the language, log out, and the screens of the signed-in role. */
export function StaffLayout({ children, signedIn = true }: { children: ReactNode; signedIn?: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: staffApi.logout,
    onSettled: () => {
      staffSession.clear();
      queryClient.removeQueries({ queryKey: STAFF_QUERIES });
      void navigate({ to: '/staff/login' });
    },
  });
  return (
    <div className="staff">
      <header className="top-bar">
        <span className="brand">
          <Logo />
          <span className="brand-name">
            <Trans>Staff</Trans>
          </span>
        </span>
        <div className="top-bar-actions">
          <LanguageSelect />
          {signedIn && (
            <button type="button" className="button button-light" disabled={logout.isPending} onClick={() => logout.mutate()}>
              <Trans>Logout</Trans>
            </button>
          )}
        </div>
      </header>
      {signedIn && <StaffNav role={staffSession.role()} />}
      {signedIn ? (
        <main className="page" id="main">
          {children}
        </main>
      ) : (
        children
      )}
    </div>
  );
}

/** The screens a role works in; other roles' screens are not offered (the server refuses them anyway). */
function StaffNav({ role }: { role: StaffRole | undefined }) {
  const { t } = useLingui();
  return (
    <nav className="staff-nav" aria-label={t`Staff screens`}>
      {(role === 'officer' || role === 'manager') && (
        <Link to="/staff" className="nav-link" activeOptions={{ exact: true, includeSearch: false }}>
          <Trans>Case queue</Trans>
        </Link>
      )}
      {(role === 'manager' || role === 'admin') && (
        <Link to="/staff/approvals" className="nav-link">
          <Trans>Waiting for approval</Trans>
        </Link>
      )}
      {role === 'accusation_acceptor' && (
        <Link to="/staff/accusations" className="nav-link">
          <Trans>Accusations</Trans>
        </Link>
      )}
      {role === 'admin' && (
        <Link to="/staff/admin" className="nav-link">
          <Trans>Organisation and services</Trans>
        </Link>
      )}
      {role === 'admin' && (
        <Link to="/staff/people" className="nav-link">
          <Trans>Staff users</Trans>
        </Link>
      )}
      {(role === 'archivist' || role === 'admin') && (
        <Link to="/staff/archive" className="nav-link" activeOptions={{ exact: false, includeSearch: false }}>
          <Trans>Archive</Trans>
        </Link>
      )}
      {(role === 'manager' || role === 'admin') && (
        <>
          <Link to="/staff/dashboard" className="nav-link">
            <Trans>Dashboard</Trans>
          </Link>
          <Link to="/staff/audit" className="nav-link" activeOptions={{ includeSearch: false }}>
            <Trans>Audit log</Trans>
          </Link>
        </>
      )}
    </nav>
  );
}
