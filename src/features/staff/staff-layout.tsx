import { useEffect, useRef, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { LanguageSelect } from '../../i18n/language-select.tsx';
import { Logo } from '../../ui/logo.tsx';
import { staffApi } from './api.ts';
import { STAFF_QUERIES, staffSession, useStaffToken, type StaffRole } from '../../app/staff-session.ts';
import { queueQuery } from '../../app/staff-cases.ts';
import { AlertsLink } from './alerts-link.tsx';
import { SignedInAs } from './signed-in-as.tsx';

/** The staff frame: the language, log out, and the screens of the signed-in role. */
export function StaffLayout({ children, signedIn = true }: { children: ReactNode; signedIn?: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useStaffToken();
  const here = useLocation({ select: (location) => location.href });
  /** Set by this tab's own Logout, which goes to the log-in with nothing to come back to. */
  const loggingOut = useRef(false);
  // Signed out in another tab (or the session ended): this tab leaves too, to come back here after a log-in.
  useEffect(() => {
    if (!signedIn || token || loggingOut.current || here.startsWith('/staff/login')) return;
    queryClient.removeQueries({ queryKey: STAFF_QUERIES });
    void navigate({ to: '/staff/login', search: { next: here } });
  }, [signedIn, token, here, navigate, queryClient]);
  const logout = useMutation({
    mutationFn: staffApi.logout,
    onSettled: () => {
      loggingOut.current = true;
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
          {signedIn && token && <SignedInAs />}
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
      {role && <AlertsLink />}
      {(role === 'officer' || role === 'manager') && <QueueLink />}
      {(role === 'manager' || role === 'admin') && <ApprovalsLink manager={role === 'manager'} />}
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

/**
 * "Waiting for approval" with how many letters wait: a manager's opens the queue's approval
 * view, an admin's their approvals page (issue 24). The count is the queue's own, so a move
 * that refreshes the queue refreshes it.
 */
/**
 * The queue, current on each of its views but the approvals, which have their own entry: from
 * there it leads to all open cases (with both marked, a manager could not tell where they were).
 */
function QueueLink() {
  const onApprovals = useLocation({ select: (location) => (location.search as { view?: string }).view === 'approval' });
  return (
    <Link to="/staff" search={onApprovals ? { view: 'open' } : undefined} className="nav-link" activeOptions={{ exact: true, includeSearch: onApprovals }}>
      <Trans>Case queue</Trans>
    </Link>
  );
}

function ApprovalsLink({ manager }: { manager: boolean }) {
  const waiting = useQuery(queueQuery({ view: 'approval', page: 1 })).data?.counts.approval;
  const label = (
    <>
      <Trans>Waiting for approval</Trans>
      {waiting !== undefined && <span className="nav-count" data-testid="approval-count">{waiting}</span>}
    </>
  );
  return manager ? (
    <Link to="/staff" search={{ view: 'approval' }} className="nav-link" activeOptions={{ includeSearch: true }}>
      {label}
    </Link>
  ) : (
    <Link to="/staff/approvals" className="nav-link">
      {label}
    </Link>
  );
}
