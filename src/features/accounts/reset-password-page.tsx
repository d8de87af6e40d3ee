import { type FormEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { ErrorSummary, useFormErrors } from '../../ui/form-errors.tsx';
import { NewPasswordFields, useNewPassword } from '../../ui/new-password-fields.tsx';
import { accountsApi } from './api.ts';
import { AuthCard, BackToLogin } from '../../ui/auth-card.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { useLoginCountdown } from '../../ui/login-countdown.ts';

export function ResetPasswordPage({ id, token }: { id: string; token: string }) {

  const locale = useLocale();
  const showRefusal = useServerRefusal();
  const newPassword = useNewPassword();
  const formErrors = useFormErrors();
  const reset = useMutation({ mutationFn: () => accountsApi.resetPassword(id, token, newPassword.password), onError: showRefusal });
  const secondsLeft = useLoginCountdown(reset.isSuccess);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = formErrors.check(newPassword.rules, newPassword.errors);
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
          <NewPasswordFields state={newPassword} errors={formErrors.errors} />
          <SubmitButton busy={reset.isPending}>
            <Trans>Reset password</Trans>
          </SubmitButton>
        </form>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
