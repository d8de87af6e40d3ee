import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { ErrorSummary, useFormErrors } from '../../ui/form-errors.tsx';
import { CodeField } from '../../ui/form-field.tsx';
import { NewPasswordFields, useNewPassword } from '../../ui/new-password-fields.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { accountsApi } from './api.ts';
import { useLoginCountdown } from '../../ui/login-countdown.ts';

/**
 * Issue 26: a phone account's new password, with the code texted to `phone`
 * (resetPasswordByCode); when done, the log-in page follows as after a reset link.
 */
export function ResetByCodeForm({ phone, sent, resend, resending }: {
  phone: string;
  /** The server's word that the code was sent, shown until the password is changed. */
  sent: string | undefined;
  resend: () => void;
  resending: boolean;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const showRefusal = useServerRefusal();
  const [code, setCode] = useState('');
  const newPassword = useNewPassword();
  const formErrors = useFormErrors();
  const reset = useMutation({ mutationFn: () => accountsApi.resetPasswordByCode(phone, code, newPassword.password), onError: showRefusal });
  const secondsLeft = useLoginCountdown(reset.isSuccess);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const codeRule = { id: 'reset-code', label: t`Code from the SMS`, value: code, required: true };
    if (formErrors.check([codeRule, ...newPassword.rules], newPassword.errors)) reset.mutate();
  };

  if (reset.isSuccess) {
    return (
      <p className="success-message" role="status">
        {serverMessage(reset.data, locale)} <Trans>Going to the log-in page in {secondsLeft} seconds.</Trans>
      </p>
    );
  }
  return (
    <>
      <p className="success-message" role="status">
        {sent}
      </p>
      <form className="form" onSubmit={submit} noValidate>
        <ErrorSummary {...formErrors.summary} />
        <CodeField id="reset-code" error={formErrors.errors['reset-code']} label={t`Code from the SMS`} value={code} onCode={setCode} />
        <NewPasswordFields state={newPassword} errors={formErrors.errors} />
        <SubmitButton busy={reset.isPending}>
          <Trans>Reset password</Trans>
        </SubmitButton>
      </form>
      <p className="auth-alt">
        <Trans>No code?</Trans>{' '}
        <button type="button" className="link-button" disabled={resending} onClick={resend}>
          <Trans>Resend code</Trans>
        </button>
      </p>
    </>
  );
}
