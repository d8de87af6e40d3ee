import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormField } from '../../ui/form-field.tsx';
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(email, password);
  };
  return (
    <form className="form" onSubmit={submit}>
      <FormField label={t`Email`} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <FormField
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
