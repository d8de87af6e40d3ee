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
import { isPhone, loginName, type LoginName } from './login-name.ts';
import { ResetByCodeForm } from './reset-by-code-form.tsx';

/**
 * SPEC section 2 /forgotpassword: on 200 the field clears and a success message shows. The
 * field takes an e-mail (a reset link is mailed) or, issue 26, a phone number: a code is
 * texted, and the code and the new password are asked for here.
 */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const showRefusal = useServerRefusal();
  const [email, setEmail] = useState('');
  /** The number a code was texted to: the page then asks for it. */
  const [codeSentTo, setCodeSentTo] = useState<string>();
  const formErrors = useFormErrors();
  const forgot = useMutation({
    mutationFn: (login: LoginName) => accountsApi.forgotPassword(login),
    onSuccess: (_, login) => {
      setEmail('');
      if ('phone' in login) setCodeSentTo(login.phone);
    },
    onError: showRefusal,
  });
  const label = t`Email or phone number`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (formErrors.check([{ id: 'forgot-email', label, value: email, required: true, email: !isPhone(email) }])) forgot.mutate(loginName(email));
  };
  return (
    <AuthCard
      title={<Trans>Forgot password</Trans>}
      intro={<Trans>We will e-mail you a link, or send a code by SMS to your phone, to choose a new password.</Trans>}
    >
      {codeSentTo ? (
        <ResetByCodeForm
          phone={codeSentTo}
          sent={forgot.data && serverMessage(forgot.data, locale)}
          resend={() => forgot.mutate({ phone: codeSentTo })}
          resending={forgot.isPending}
        />
      ) : (
        <>
          {forgot.isSuccess && (
            <p className="success-message" role="status">
              {serverMessage(forgot.data, locale)}
            </p>
          )}
          <form className="form" onSubmit={submit} noValidate>
            <ErrorSummary {...formErrors.summary} />
            <FormField
              id="forgot-email"
              label={label}
              autoComplete="username"
              required
              value={email}
              error={formErrors.errors['forgot-email']}
              onChange={(e) => setEmail(e.target.value)}
            />
            <SubmitButton busy={forgot.isPending}>
              {email && isPhone(email) ? <Trans>Send code by SMS</Trans> : <Trans>Get reset link</Trans>}
            </SubmitButton>
          </form>
        </>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
