import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { FilePicker } from '../../ui/file-picker.tsx';
import { ErrorSummary, FieldError, invalidProps, useFormErrors, type FieldErrors } from '../../ui/form-errors.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { usePasswordRule } from '../../ui/new-password-fields.tsx';
import { PASSWORD_MIN_LENGTH } from '../../../server/contract/constants.ts';
import { toast } from '../../ui/toast.tsx';
import { accountsApi } from './api.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { otpScreen } from './otp-screen.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';

type Field =
  | 'firstname' | 'middlename' | 'lastname' | 'email' | 'password' | 'confirmPassword' | 'subcity' | 'woreda'
  | 'house_number' | 'phone' | 'house_phone_number' | 'gender';

const EMPTY: Record<Field, string> = {
  firstname: '', middlename: '', lastname: '', email: '', password: '', confirmPassword: '', subcity: '', woreda: '',
  house_number: '', phone: '', house_phone_number: '', gender: '',
};

/** A registration field's element id, for the error summary's links. */
const fieldId = (field: Field) => `register-${field}`;

/** SPEC section 5: the registration rules the client checks before sending, by field id. */
function useRegistrationRules() {
  const { t } = useLingui();
  const passwordRule = usePasswordRule();
  return (form: Record<Field, string>): FieldErrors => {
    const errors: FieldErrors = {};
    const tooLong = (field: Field, limit: number, message: string) => {
      if (form[field].trim().length >= limit) errors[fieldId(field)] = message;
    };
    tooLong('firstname', 50, t`First name must not be greater than 50 characters`);
    tooLong('middlename', 50, t`Middle name must not be greater than 50 characters`);
    tooLong('lastname', 50, t`Last name must not be greater than 50 characters`);
    tooLong('subcity', 50, t`Sub-city must not be greater than 50 characters`);
    tooLong('woreda', 20, t`Woreda must not be greater than 20 characters`);
    tooLong('house_number', 20, t`House number must not be greater than 20 characters`);
    tooLong('phone', 20, t`Phone must not be greater than 20 characters`);
    tooLong('house_phone_number', 20, t`House phone number must not be greater than 20 characters`);
    const tooShort = passwordRule.tooShort(form.password);
    if (tooShort) errors[fieldId('password')] = tooShort;
    if (form.password && form.confirmPassword && form.password !== form.confirmPassword) {
      errors[fieldId('confirmPassword')] = t`Password and confirm password don't match`;
    }
    return errors;
  };
}

/** SPEC section 2 /register: the account form with an optional profile picture and its preview. */
export function RegisterPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const check = useRegistrationRules();
  const passwordRule = usePasswordRule();
  const showRefusal = useServerRefusal();
  const [form, setForm] = useState(EMPTY);
  const formErrors = useFormErrors();
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
      // Without an e-mail the code went by SMS to the phone (issue 26).
      otpScreen.open(form.email.trim() || form.phone.trim());
      void navigate({ to: '/email/verification' });
    },
    onError: showRefusal,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const required = (name: Field, label: string, more: { email?: boolean; choose?: boolean } = {}) =>
      ({ id: fieldId(name), label, value: form[name], required: true, ...more });
    const valid = formErrors.check(
      [
        required('firstname', t`First name`),
        required('middlename', t`Middle name`),
        required('lastname', t`Last name`),
        // Optional (issue 26): checked as an address only when given.
        { id: fieldId('email'), label: t`Email (optional)`, value: form.email, email: true },
        required('password', t`Password`),
        required('confirmPassword', t`Confirm password`),
        required('phone', t`Phone`),
        required('gender', t`Gender`, { choose: true }),
      ],
      check(form),
    );
    if (valid) register.mutate();
  };

  const field = (name: Field, label: string, props: Record<string, unknown> = {}) => (
    <FormField
      id={fieldId(name)}
      label={label}
      name={name}
      value={form[name]}
      error={formErrors.errors[fieldId(name)]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      {...props}
    />
  );

  return (
    <AuthCard wide title={<Trans>Create an account</Trans>} intro={<Trans>We will send you a code to confirm your e-mail, or by SMS to your phone if you have no e-mail.</Trans>}>
      <ErrorSummary {...formErrors.summary} />
      <form className="form" onSubmit={submit} noValidate>
        <div className="form-grid">
          {field('firstname', t`First name`, { required: true, autoComplete: 'given-name' })}
          {field('middlename', t`Middle name`, { required: true, autoComplete: 'additional-name' })}
          {field('lastname', t`Last name`, { required: true, autoComplete: 'family-name' })}
          {field('email', t`Email (optional)`, {
            type: 'email',
            autoComplete: 'email',
            hint: t`Without an e-mail, we send the code by SMS to your phone, and you log in with your phone number.`,
          })}
          {field('password', t`Password`, {
            required: true,
            type: 'password',
            autoComplete: 'new-password',
            minLength: PASSWORD_MIN_LENGTH,
            hint: passwordRule.hint,
          })}
          {field('confirmPassword', t`Confirm password`, { required: true, type: 'password', autoComplete: 'new-password' })}
          {field('phone', t`Phone`, { required: true, type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
          {field('house_phone_number', t`House phone number`, { type: 'tel', inputMode: 'tel' })}
          {field('subcity', t`Sub-city`)}
          {field('woreda', t`Woreda`)}
          {field('house_number', t`House number`)}
          <div className="form-field">
            <label htmlFor={fieldId('gender')}>
              <Trans>Gender</Trans>
              <span className="required-mark" aria-hidden="true"> *</span>
            </label>
            <select
              id={fieldId('gender')}
              name="gender"
              aria-required
              {...invalidProps(fieldId('gender'), formErrors.errors[fieldId('gender')])}
              value={form.gender}
              onChange={(e) => setForm({ ...form, gender: e.target.value })}
            >
              <option value="">{t`Choose…`}</option>
              <option value="Male">{t`Male`}</option>
              <option value="Female">{t`Female`}</option>
            </select>
            <FieldError fieldId={fieldId('gender')} error={formErrors.errors[fieldId('gender')]} />
          </div>
        </div>
        <div className="picture-picker">
          <div className="avatar avatar-large" aria-hidden="true">
            {preview ? <img src={preview} alt="" /> : form.firstname.trim().charAt(0).toUpperCase() || '?'}
          </div>
          <FilePicker
            id="picture"
            label={<Trans>Profile picture (optional)</Trans>}
            accept="image/jpeg,image/png,image/webp"
            file={picture}
            onChange={setPicture}
            hint={<Trans>JPEG, PNG or WebP, up to 2 MB.</Trans>}
          />
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
