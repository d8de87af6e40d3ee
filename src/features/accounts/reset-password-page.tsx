import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { ErrorSummary, useFormErrors } from '../../ui/form-errors.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { accountsApi } from './api.ts';
import { AuthCard, BackToLogin } from '../../ui/auth-card.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';

/** SPEC section 9: after a reset the page goes to /login in 6 seconds. */
export const RESET_REDIRECT_SECONDS = 6;

export function ResetPasswordPage({ id, token }: { id: string; token: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const showRefusal = useServerRefusal();
  const [password, setPassword] = useState('');
  const [retyped, setRetyped] = useState('');
  const formErrors = useFormErrors();
  const [secondsLeft, setSecondsLeft] = useState(RESET_REDIRECT_SECONDS);
  const reset = useMutation({ mutationFn: () => accountsApi.resetPassword(id, token, password), onError: showRefusal });

  useEffect(() => {
    if (!reset.isSuccess) return;
    if (secondsLeft === 0) {
      void navigate({ to: '/login' });
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, secondsLeft, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC section 5 sends the request even when the two differ; we do not, so nobody
    // ends up with a password they mistyped once and cannot repeat (README, decisions).
    const valid = formErrors.check(
      [
        { id: 'new-password', label: t`Password`, value: password, required: true },
        { id: 'retyped-password', label: t`Re-Type Password`, value: retyped, required: true },
      ],
      password && retyped && password !== retyped ? { 'retyped-password': t`Password and Re-Type Password did not match` } : {},
    );
    if (valid) reset.mutate();
  };

  return (
    <AuthCard title={<Trans>Choose a new password</Trans>}>
      {reset.isSuccess ? (
        <p className="success-message" role="status">
          {serverMessage(reset.data, locale)}{' '}
          <Trans>Going to the log-in page in {secondsLeft} seconds.</Trans>
        </p>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <ErrorSummary {...formErrors.summary} />
          <FormField
            id="new-password"
            error={formErrors.errors['new-password']}
            label={t`Password`}
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            hint={t`At least 8 characters, with letters and digits.`}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <FormField
            label={t`Re-Type Password`}
            type="password"
            autoComplete="new-password"
            required
            value={retyped}
            id="retyped-password"
            error={formErrors.errors['retyped-password']}
            onChange={(e) => setRetyped(e.target.value)}
          />
          <SubmitButton busy={reset.isPending}>
            <Trans>Reset password</Trans>
          </SubmitButton>
        </form>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
