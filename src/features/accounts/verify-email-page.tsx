import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { ErrorSummary, useFormErrors } from '../../ui/form-errors.tsx';
import { CodeField } from '../../ui/form-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { accountsApi } from './api.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { otpScreen } from './otp-screen.ts';
import { loginName } from './login-name.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';

/**
 * SPEC section 2 /email/verification: the numeric one-time code, and a resend action. `sentTo`
 * is the e-mail, or the phone number of an account without one (issue 26), the code went to.
 */
export function VerifyEmailPage({ sentTo }: { sentTo: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const showRefusal = useServerRefusal();
  const [code, setCode] = useState('');
  const formErrors = useFormErrors();
  const login = loginName(sentTo);
  const email = 'email' in login ? login.email : '';
  const phone = 'phone' in login ? login.phone : '';
  const verify = useMutation({
    mutationFn: () => accountsApi.verifyOtp(login, code),
    onSuccess: (answer) => {
      toast('success', serverMessage(answer, locale) ?? t`Your email is verified.`);
      otpScreen.close();
      void navigate({ to: '/login' });
    },
    onError: showRefusal,
  });
  const resend = useMutation({
    mutationFn: () => accountsApi.resendOtp(login),
    onSuccess: (answer) => toast('success', serverMessage(answer, locale) ?? t`A new code was sent.`),
    onError: showRefusal,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (formErrors.check([{ id: 'otp', label: t`Verification code`, value: code, required: true }])) verify.mutate();
  };
  return (
    <AuthCard
      title={phone ? <Trans>Verify your phone number</Trans> : <Trans>Verify your email</Trans>}
      intro={phone ? <Trans>Enter the code we sent by SMS to {phone}.</Trans> : <Trans>Enter the code we sent to {email}.</Trans>}
    >
      <form className="form" onSubmit={submit} noValidate>
        <ErrorSummary {...formErrors.summary} />
        <CodeField
          id="otp"
          error={formErrors.errors.otp}
          label={t`Verification code`}
          value={code}
          onCode={setCode}
        />
        <SubmitButton busy={verify.isPending}>
          <Trans>Verify</Trans>
        </SubmitButton>
      </form>
      <p className="auth-alt">
        <Trans>No code?</Trans>{' '}
        <button type="button" className="link-button" disabled={resend.isPending} onClick={() => resend.mutate()}>
          <Trans>Resend code</Trans>
        </button>
      </p>
    </AuthCard>
  );
}
