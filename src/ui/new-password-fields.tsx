import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { PASSWORD_MIN_LENGTH } from '../../server/contract/constants.ts';
import type { FieldErrors, FieldRule } from './form-errors.tsx';
import { FormField } from './form-field.tsx';

/**
 * What a person can check of the password rule while typing (server/auth/password-rule.ts):
 * its length, in characters as typed. The list of common passwords and the e-mail stay on the
 * server, which answers passwordWeak for them.
 */
export function usePasswordRule() {
  const { t } = useLingui();
  return {
    hint: t`At least 10 characters; a phrase of a few words is best. Common passwords are refused.`,
    /** The error for a password too short to be sent, or undefined. */
    tooShort: (password: string) => (password && [...password].length < PASSWORD_MIN_LENGTH ? t`The password must have at least 10 characters.` : undefined),
  };
}

/**
 * A new password typed twice, as a customer's reset and a staff user's set-password link
 * ask for it. Both must be given and the same: SPEC section 5 sends the request even when
 * the two differ; we do not, so nobody ends up with a password they mistyped once and
 * cannot repeat (docs/decisions.md).
 */
export function useNewPassword() {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [retyped, setRetyped] = useState('');
  const rule = usePasswordRule();
  const rules: FieldRule[] = [
    { id: 'new-password', label: t`Password`, value: password, required: true },
    { id: 'retyped-password', label: t`Re-Type Password`, value: retyped, required: true },
  ];
  const tooShort = rule.tooShort(password);
  const errors: FieldErrors = {
    ...(tooShort ? { 'new-password': tooShort } : {}),
    ...(password && retyped && password !== retyped ? { 'retyped-password': t`Password and Re-Type Password did not match` } : {}),
  };
  return { password, retyped, setPassword, setRetyped, rules, errors };
}

/** The two fields, with the errors the form's check found. */
export function NewPasswordFields({ state, errors }: { state: ReturnType<typeof useNewPassword>; errors: FieldErrors }) {
  const { t } = useLingui();
  const rule = usePasswordRule();
  return (
    <>
      <FormField
        id="new-password"
        error={errors['new-password']}
        label={t`Password`}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={rule.hint}
        value={state.password}
        onChange={(e) => state.setPassword(e.target.value)}
      />
      <FormField
        id="retyped-password"
        error={errors['retyped-password']}
        label={t`Re-Type Password`}
        type="password"
        autoComplete="new-password"
        required
        value={state.retyped}
        onChange={(e) => state.setRetyped(e.target.value)}
      />
    </>
  );
}
