import type { FormEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { ErrorSummary, useFormErrors } from '../../ui/form-errors.tsx';
import { NewPasswordFields, useNewPassword } from '../../ui/new-password-fields.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { setStaffPassword } from './staff-users-api.ts';

/** Where a staff user lands from the link an admin had mailed: they choose their own password, as customers do. */
export function SetPasswordPage({ id, token }: { id: string; token: string }) {

  const locale = useLocale();
  const refusal = useServerRefusal();
  const form = useFormErrors();
  const newPassword = useNewPassword();
  const done = useMutation({ mutationFn: () => setStaffPassword(id, token, newPassword.password), onError: refusal });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = form.check(newPassword.rules, newPassword.errors);
    if (valid) done.mutate();
  };

  return (
    <AuthCard title={<Trans>Set your staff password</Trans>}>
      {done.isSuccess ? (
        <p className="success-message" role="status">{serverMessage(done.data, locale)}</p>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <ErrorSummary {...form.summary} />
          <NewPasswordFields state={newPassword} errors={form.errors} />
          <SubmitButton busy={done.isPending}><Trans>Set password</Trans></SubmitButton>
        </form>
      )}
      <p className="auth-alt">
        <Link to="/staff/login"><Trans>Go to the staff log-in</Trans></Link>
      </p>
    </AuthCard>
  );
}
