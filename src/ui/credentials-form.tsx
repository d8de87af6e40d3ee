import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorSummary, useFormErrors } from './form-errors.tsx';
import { FormField } from './form-field.tsx';
import { SubmitButton } from './submit-button.tsx';

/**
 * E-mail and password with a log-in button: the customers' and the acceptors' sign-in alike.
 * With `phoneToo` the first field takes an e-mail or a phone number (a customer's account of a
 * phone alone, issue 26): one field, so a cheap phone's small screen asks for nothing more.
 */
export function CredentialsForm({
  onSubmit,
  busy,
  phoneToo = false,
  children,
}: {
  onSubmit: (email: string, password: string) => void;
  busy: boolean;
  phoneToo?: boolean;
  /** What goes between the password and the button (the customers' "Forgot password?"). */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const formErrors = useFormErrors();
  const label = phoneToo ? t`Email or phone number` : t`Email`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = formErrors.check([
      // Only what looks like an e-mail is checked as one; a number is the server's to read.
      { id: 'login-email', label, value: email, required: true, email: !phoneToo || email.includes('@') },
      { id: 'login-password', label: t`Password`, value: password, required: true },
    ]);
    if (valid) onSubmit(email, password);
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <ErrorSummary {...formErrors.summary} />
      <FormField
        id="login-email"
        label={label}
        type={phoneToo ? 'text' : 'email'}
        autoComplete={phoneToo ? 'username' : 'email'}
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
