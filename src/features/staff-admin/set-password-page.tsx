import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { ErrorSummary, useFormErrors } from '../../ui/form-errors.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { setStaffPassword } from './api.ts';

/** Where a staff user lands from the link an admin had mailed (issue 16): they choose their own password, as customers do. */
export function SetPasswordPage({ id, token }: { id: string; token: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const refusal = useServerRefusal();
  const form = useFormErrors();
  const [password, setPassword] = useState('');
  const [retyped, setRetyped] = useState('');
  const done = useMutation({ mutationFn: () => setStaffPassword(id, token, password), onError: refusal });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = form.check(
      [
        { id: 'new-password', label: t`Password`, value: password, required: true },
        { id: 'retyped-password', label: t`Re-Type Password`, value: retyped, required: true },
      ],
      password && retyped && password !== retyped ? { 'retyped-password': t`Password and Re-Type Password did not match` } : {},
    );
    if (valid) done.mutate();
  };

  return (
    <AuthCard title={<Trans>Set your staff password</Trans>}>
      {done.isSuccess ? (
        <p className="success-message" role="status">{serverMessage(done.data, locale)}</p>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <ErrorSummary {...form.summary} />
          <FormField id="new-password" label={t`Password`} type="password" autoComplete="new-password" required minLength={8}
            hint={t`At least 8 characters, with letters and digits.`} error={form.errors['new-password']}
            value={password} onChange={(e) => setPassword(e.target.value)} />
          <FormField id="retyped-password" label={t`Re-Type Password`} type="password" autoComplete="new-password" required
            error={form.errors['retyped-password']} value={retyped} onChange={(e) => setRetyped(e.target.value)} />
          <SubmitButton busy={done.isPending}><Trans>Set password</Trans></SubmitButton>
        </form>
      )}
      <p className="auth-alt">
        <Link to="/staff/login"><Trans>Go to the staff log-in</Trans></Link>
      </p>
    </AuthCard>
  );
}
