import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormField } from '../../ui/form-field.tsx';
import { AuthCard } from '../accounts/auth-card.tsx';
import { SubmitButton } from '../accounts/submit-button.tsx';
import { useServerRefusal } from '../accounts/use-server-refusal.ts';
import { staffApi } from './api.ts';
import { staffSession } from './staff-session.ts';

export function StaffLoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const showRefusal = useServerRefusal();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: () => staffApi.login(email, password),
    onSuccess: ({ token }) => {
      staffSession.start(token);
      void navigate({ to: '/staff/accusations' });
    },
    onError: showRefusal,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };
  return (
    <AuthCard title={<Trans>Accusation acceptor log in</Trans>}>
      <form className="form" onSubmit={submit}>
        <FormField label={t`Email`} type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <FormField label={t`Password`} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <SubmitButton busy={login.isPending}>
          <Trans>Log in</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
