import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../../ui/auth-card.tsx';
import { CredentialsForm } from '../../ui/credentials-form.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { staffApi } from './api.ts';
import { staffSession } from '../../app/staff-session.ts';

export function StaffLoginPage() {
  const navigate = useNavigate();
  const showRefusal = useServerRefusal();
  const login = useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => staffApi.login(email, password),
    onSuccess: ({ token }) => {
      staffSession.start(token);
      // /staff sends each role where it works.
      void navigate({ to: '/staff' });
    },
    onError: showRefusal,
  });
  return (
    <AuthCard title={<Trans>Staff log in</Trans>}>
      <CredentialsForm busy={login.isPending} onSubmit={(email, password) => login.mutate({ email, password })} />
    </AuthCard>
  );
}
