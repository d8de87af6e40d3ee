import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { refusalBody } from '../../app/http.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { ErrorSummary, useFormErrors, type FieldErrors } from '../../ui/form-errors.tsx';
import { CodeField } from '../../ui/form-field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { staffApi } from './api.ts';

/** What the admin's second step ends in: a session, or back to the password (the challenge ran out). */
interface StepProps {
  challenge: string;
  onSignedIn: (token: string) => void;
  onStartAgain: () => void;
}

/**
 * The authenticator's 6-digit code and the log-in button, checked before it is sent like
 * every form (an error summary, the field's own message). A challenge past its time sends
 * the admin back to the password.
 */
function CodeForm({ challenge, onSignedIn, onStartAgain, children }: StepProps & { children?: ReactNode }) {
  const { t } = useLingui();
  const showRefusal = useServerRefusal();
  const [code, setCode] = useState('');
  const formErrors = useFormErrors();
  const verify = useMutation({
    mutationFn: () => staffApi.verifyTwoFactorCode(challenge, code),
    onSuccess: ({ token }) => onSignedIn(token),
    onError: (error) => {
      showRefusal(error);
      setCode('');
      if (refusalBody(error)?.code === 'twoFactorChallengeInvalid') onStartAgain();
    },
  });
  const label = t`Log-in code`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const short: FieldErrors = code && code.length < 6 ? { 'two-factor-code': t`Enter the 6 digits your authenticator app shows` } : {};
    if (formErrors.check([{ id: 'two-factor-code', label, value: code, required: true }], short)) verify.mutate();
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <ErrorSummary {...formErrors.summary} />
      {children}
      <CodeField
        id="two-factor-code"
        error={formErrors.errors['two-factor-code']}
        label={label}
        value={code}
        onCode={setCode}
      />
      <SubmitButton busy={verify.isPending}>
        <Trans>Log in</Trans>
      </SubmitButton>
    </form>
  );
}

/** An enrolled admin's second step: the code their authenticator app shows now. */
export function CodeStep(props: StepProps) {
  return (
    <AuthCard title={<Trans>Two-step log-in</Trans>} intro={<Trans>Enter the 6-digit code your authenticator app shows for the portal.</Trans>}>
      <CodeForm {...props} />
    </AuthCard>
  );
}

/** The secret in groups of four, as authenticator apps ask to type it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * An admin's first sign-in: the secret as a QR code and as text, shown this once, then the
 * app's first code, which confirms it and signs in.
 */
export function EnrolStep(props: StepProps) {
  const { t } = useLingui();
  const showRefusal = useServerRefusal();
  const { challenge, onStartAgain } = props;
  const enrolment = useMutation({
    mutationFn: () => staffApi.startTwoFactorEnrolment(challenge),
    onError: (error) => {
      showRefusal(error);
      onStartAgain();
    },
  });
  const { mutate } = enrolment;
  // Asked once per challenge; asked again (a strict-mode double render), the server answers the same secret.
  useEffect(() => mutate(), [challenge, mutate]);
  const shown = enrolment.data;
  return (
    <AuthCard
      title={<Trans>Set up two-step log-in</Trans>}
      intro={<Trans>Administrators log in with a password and a code from an authenticator app on their phone.</Trans>}
    >
      {!shown ? (
        <Spinner />
      ) : (
        <CodeForm {...props}>
          <ol className="two-factor-steps">
            <li>
              <Trans>Scan this QR code with your authenticator app.</Trans>
              <img
                className="two-factor-qr"
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(shown.qr_svg)}`}
                alt={t`QR code for your authenticator app`}
                width={200}
                height={200}
              />
            </li>
            <li>
              <Trans>Or type this key into the app:</Trans>{' '}
              <code className="two-factor-secret" data-testid="two-factor-secret">
                {grouped(shown.secret)}
              </code>
            </li>
            <li>
              <Trans>Enter the 6-digit code the app shows, to confirm.</Trans>
            </li>
          </ol>
          <p className="muted">
            <Trans>Keep the key to yourself: it is shown only this once.</Trans>
          </p>
        </CodeForm>
      )}
    </AuthCard>
  );
}
