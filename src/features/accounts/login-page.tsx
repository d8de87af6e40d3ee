import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { refusalBody } from '../../app/http.ts';
import { session } from '../../app/session.ts';
import { accountsApi } from './api.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { otpScreen } from './otp-screen.ts';
import { loginName } from './login-name.ts';
import { CredentialsForm } from '../../ui/credentials-form.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';

/** SPEC section 2 /login: e-mail (or phone number) and password; forgot-password, register and Home links. */
export function LoginPage() {
  const navigate = useNavigate();
  const showRefusal = useServerRefusal();
  const login = useMutation({
    // Issue 26: the first field holds an e-mail or a phone account's number.
    mutationFn: ({ email, password }: { email: string; password: string }) => accountsApi.login(loginName(email), password),
    onSuccess: ({ token }) => {
      session.start(token);
      // A shared case link opened while signed out comes back after the log-in.
      const caseLink = session.takeCaseLink();
      void (caseLink ? navigate({ href: caseLink }) : navigate({ to: '/dashboard' }));
    },
    onError: (error, { email }) => {
      showRefusal(error);
      // Registered but not verified: take them straight to the code screen.
      const code = refusalBody(error)?.code;
      if (code === 'emailNotVerified' || code === 'phoneNotVerified') {
        otpScreen.open(email);
        void navigate({ to: '/email/verification' });
      }
    },
  });
  return (
    <AuthCard title={<Trans>Log in</Trans>} intro={<Trans>Log in to apply for a case and follow your cases.</Trans>}>
      <CredentialsForm phoneToo busy={login.isPending} onSubmit={(email, password) => login.mutate({ email, password })}>
        <div className="form-row-end">
          <Link to="/forgotpassword">
            <Trans>Forgot password?</Trans>
          </Link>
        </div>
      </CredentialsForm>
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
