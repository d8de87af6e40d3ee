import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { FieldErrors, FieldRule } from './form-errors.tsx';
import { FormField } from './form-field.tsx';

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
  const rules: FieldRule[] = [
    { id: 'new-password', label: t`Password`, value: password, required: true },
    { id: 'retyped-password', label: t`Re-Type Password`, value: retyped, required: true },
  ];
  const mismatch: FieldErrors = password && retyped && password !== retyped ? { 'retyped-password': t`Password and Re-Type Password did not match` } : {};
  return { password, retyped, setPassword, setRetyped, rules, mismatch };
}

/** The two fields, with the errors the form's check found. */
export function NewPasswordFields({ state, errors }: { state: ReturnType<typeof useNewPassword>; errors: FieldErrors }) {
  const { t } = useLingui();
  return (
    <>
      <FormField
        id="new-password"
        error={errors['new-password']}
        label={t`Password`}
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint={t`At least 8 characters, with letters and digits.`}
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
