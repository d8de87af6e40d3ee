import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorSummary, useFormErrors } from './form-errors.tsx';
import { FormField } from './form-field.tsx';
import { SubmitButton } from './submit-button.tsx';

/** E-mail and password with a log-in button: the customers' and the acceptors' sign-in alike. */
export function CredentialsForm({
  onSubmit,
  busy,
  children,
}: {
  onSubmit: (email: string, password: string) => void;
  busy: boolean;
  /** What goes between the password and the button (the customers' "Forgot password?"). */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const formErrors = useFormErrors();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = formErrors.check([
      { id: 'login-email', label: t`Email`, value: email, required: true, email: true },
      { id: 'login-password', label: t`Password`, value: password, required: true },
    ]);
    if (valid) onSubmit(email, password);
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <ErrorSummary {...formErrors.summary} />
      <FormField
        id="login-email"
        label={t`Email`}
        type="email"
        autoComplete="email"
        required
        value={email}
        error={formErrors.errors['login-email']}
        onChange={(e) => setEmail(e.target.value)}
      />
      <FormField
        id="login-password"
        error={formErrors.errors['login-password']}
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {children}
      <SubmitButton busy={busy}>
        <Trans>Log in</Trans>
      </SubmitButton>
    </form>
  );
}
