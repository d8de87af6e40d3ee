import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { refusalBody } from '../../app/http.ts';
import { session } from '../../app/session.ts';
import { FormField } from '../../ui/form-field.tsx';
import { accountsApi } from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { otpScreen } from './otp-screen.ts';
import { SubmitButton } from './submit-button.tsx';
import { useServerRefusal } from './use-server-refusal.ts';

/** SPEC section 2 /login: e-mail and password; forgot-password, register and Home links. */
export function LoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const showRefusal = useServerRefusal();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: () => accountsApi.login(email, password),
    onSuccess: ({ token }) => {
      session.start(token);
      void navigate({ to: '/dashboard' });
    },
    onError: (error) => {
      showRefusal(error);
      // Registered but not verified: take them straight to the code screen.
      if ((refusalBody(error) as { code?: string } | undefined)?.code === 'emailNotVerified') {
        otpScreen.open(email);
        void navigate({ to: '/email/verification' });
      }
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };
  return (
    <AuthCard title={<Trans>Log in</Trans>} intro={<Trans>Log in to apply for a case and follow your cases.</Trans>}>
      <form className="form" onSubmit={submit}>
        <FormField label={t`Email`} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <FormField
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="form-row-end">
          <Link to="/forgotpassword">
            <Trans>Forgot password?</Trans>
          </Link>
        </div>
        <SubmitButton busy={login.isPending}>
          <Trans>Log in</Trans>
        </SubmitButton>
      </form>
      <p className="auth-alt">
        <Trans>No account yet?</Trans>{' '}
        <Link to="/register" className="button button-outline">
          <Trans>Register</Trans>
        </Link>
      </p>
      <p className="auth-alt">
        <Link to="/">
          <Trans>Home</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
