import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { ErrorSummary, useFormErrors } from '../../ui/form-errors.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { accountsApi } from './api.ts';
import { AuthCard, BackToLogin } from '../../ui/auth-card.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';

/** SPEC section 2 /forgotpassword: on 200 the field clears and a success message shows. */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const showRefusal = useServerRefusal();
  const [email, setEmail] = useState('');
  const formErrors = useFormErrors();
  const forgot = useMutation({
    mutationFn: () => accountsApi.forgotPassword(email),
    onSuccess: () => setEmail(''),
    onError: showRefusal,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (formErrors.check([{ id: 'forgot-email', label: t`Email`, value: email, required: true, email: true }])) forgot.mutate();
  };
  return (
    <AuthCard title={<Trans>Forgot password</Trans>} intro={<Trans>We will e-mail you a link to choose a new password.</Trans>}>
      {forgot.isSuccess && (
        <p className="success-message" role="status">
          {serverMessage(forgot.data, locale)}
        </p>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <ErrorSummary {...formErrors.summary} />
        <FormField
          id="forgot-email"
          label={t`Email`}
          type="email"
          autoComplete="email"
          required
          value={email}
          error={formErrors.errors['forgot-email']}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SubmitButton busy={forgot.isPending}>
          <Trans>Get reset link</Trans>
        </SubmitButton>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}
