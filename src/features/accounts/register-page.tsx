import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { FormField } from '../../ui/form-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { accountsApi } from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { otpScreen } from './otp-screen.ts';
import { SubmitButton } from './submit-button.tsx';
import { useServerRefusal } from './use-server-refusal.ts';

type Field =
  | 'firstname' | 'middlename' | 'lastname' | 'email' | 'password' | 'confirmPassword' | 'subcity' | 'woreda'
  | 'house_number' | 'phone' | 'house_phone_number' | 'gender';

const EMPTY: Record<Field, string> = {
  firstname: '', middlename: '', lastname: '', email: '', password: '', confirmPassword: '', subcity: '', woreda: '',
  house_number: '', phone: '', house_phone_number: '', gender: '',
};

/** SPEC section 5: the registration rules the client checks before sending. */
function useRegistrationRules() {
  const { t } = useLingui();
  return (form: Record<Field, string>): Partial<Record<Field, string>> => {
    const errors: Partial<Record<Field, string>> = {};
    const tooLong = (field: Field, limit: number, message: string) => {
      if (form[field].trim().length >= limit) errors[field] = message;
    };
    tooLong('firstname', 50, t`First name must not be greater than 50 characters`);
    tooLong('middlename', 50, t`Middle name must not be greater than 50 characters`);
    tooLong('lastname', 50, t`Last name must not be greater than 50 characters`);
    tooLong('subcity', 50, t`Sub-city must not be greater than 50 characters`);
    tooLong('woreda', 20, t`Woreda must not be greater than 20 characters`);
    tooLong('house_number', 20, t`House number must not be greater than 20 characters`);
    tooLong('phone', 20, t`Phone must not be greater than 20 characters`);
    tooLong('house_phone_number', 20, t`House phone number must not be greater than 20 characters`);
    if (form.password !== form.confirmPassword) errors.confirmPassword = t`Password and confirm password don't match`;
    return errors;
  };
}

/** SPEC section 2 /register: the account form with an optional profile picture and its preview. */
export function RegisterPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const check = useRegistrationRules();
  const showRefusal = useServerRefusal();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [picture, setPicture] = useState<File>();
  const [preview, setPreview] = useState<string>();

  useEffect(() => {
    if (!picture) return setPreview(undefined);
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  const register = useMutation({
    mutationFn: () => {
      const body = new FormData();
      for (const [field, value] of Object.entries(form)) if (field !== 'confirmPassword') body.append(field, value.trim());
      body.set('password', form.password);
      if (picture) body.append('picture', picture);
      return accountsApi.register(body);
    },
    onSuccess: (answer) => {
      toast('success', serverMessage(answer, locale) ?? t`Your account was created.`);
      otpScreen.open(form.email.trim());
      void navigate({ to: '/email/verification' });
    },
    onError: showRefusal,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(form);
    setErrors(found);
    if (Object.keys(found).length === 0) register.mutate();
  };

  const field = (name: Field, label: string, props: Record<string, unknown> = {}) => (
    <FormField
      label={label}
      name={name}
      value={form[name]}
      error={errors[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      {...props}
    />
  );

  return (
    <AuthCard wide title={<Trans>Create an account</Trans>} intro={<Trans>We will e-mail you a code to confirm your address.</Trans>}>
      <form className="form" onSubmit={submit} noValidate={false}>
        <div className="form-grid">
          {field('firstname', t`First name`, { required: true, autoComplete: 'given-name' })}
          {field('middlename', t`Middle name`, { required: true, autoComplete: 'additional-name' })}
          {field('lastname', t`Last name`, { required: true, autoComplete: 'family-name' })}
          {field('email', t`Email`, { required: true, type: 'email', autoComplete: 'email' })}
          {field('password', t`Password`, {
            required: true,
            type: 'password',
            autoComplete: 'new-password',
            minLength: 8,
            hint: t`At least 8 characters, with letters and digits.`,
          })}
          {field('confirmPassword', t`Confirm password`, { required: true, type: 'password', autoComplete: 'new-password' })}
          {field('phone', t`Phone`, { required: true, type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
          {field('house_phone_number', t`House phone number`, { type: 'tel', inputMode: 'tel' })}
          {field('subcity', t`Sub-city`)}
          {field('woreda', t`Woreda`)}
          {field('house_number', t`House number`)}
          <div className="form-field">
            <label htmlFor="gender">
              <Trans>Gender</Trans>
              <span className="required-mark" aria-hidden="true"> *</span>
            </label>
            <select id="gender" required value={form.gender} onChange={(e) => setForm({ ...form, gender: e.target.value })}>
              <option value="">{t`Choose…`}</option>
              <option value="Male">{t`Male`}</option>
              <option value="Female">{t`Female`}</option>
            </select>
          </div>
        </div>
        <div className="picture-picker">
          <div className="avatar avatar-large" aria-hidden="true">
            {preview ? <img src={preview} alt="" /> : form.firstname.trim().charAt(0).toUpperCase() || '?'}
          </div>
          <div className="form-field">
            <label htmlFor="picture">
              <Trans>Profile picture (optional)</Trans>
            </label>
            <input id="picture" type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => setPicture(e.target.files?.[0])} />
            <small className="form-hint">
              <Trans>JPEG, PNG or WebP, up to 2 MB.</Trans>
            </small>
          </div>
        </div>
        <SubmitButton busy={register.isPending}>
          <Trans>Register</Trans>
        </SubmitButton>
      </form>
      <p className="auth-alt">
        <Trans>Already registered?</Trans>{' '}
        <Link to="/login">
          <Trans>Log in</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
