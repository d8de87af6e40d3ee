import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LanguageSelect } from '../../i18n/language-select.tsx';
import { Logo } from '../../ui/logo.tsx';
import { staffApi, staffKeys } from './api.ts';
import { staffSession } from './staff-session.ts';

/** The accusation acceptors' frame: who they are, the language, and log out. */
export function StaffLayout({ children, signedIn = true }: { children: ReactNode; signedIn?: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: staffApi.logout,
    onSettled: () => {
      staffSession.clear();
      queryClient.removeQueries({ queryKey: staffKeys.all });
      void navigate({ to: '/staff/login' });
    },
  });
  return (
    <div className="staff">
      <header className="top-bar">
        <span className="brand">
          <Logo />
          <span className="brand-name">
            <Trans>Accusation acceptor</Trans>
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
