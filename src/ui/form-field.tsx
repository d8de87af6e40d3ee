import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldError, invalidProps } from './form-errors.tsx';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string; hint?: ReactNode };

/**
 * A labelled input with its error under it, tied together for screen readers. Give it an
 * `id` when an error summary links to it.
 */
export function FormField({ label, error, hint, required, id: givenId, className = '', ...input }: FieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <div className={`form-field ${className}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required-mark" aria-hidden="true">
            {' '}*
          </span>
        )}
      </label>
      <input id={id} aria-required={required || undefined} {...invalidProps(id, error)} {...input} />
      {hint && <small className="form-hint">{hint}</small>}
      <FieldError fieldId={id} error={error} />
    </div>
  );
}

/**
 * A six-digit code typed from a message or an app (the e-mailed verification code, an
 * authenticator's TOTP; SPEC section 5: the code is numeric): digits only, as the phone's number pad and its one-time-code
 * autofill offer them; anything else typed or pasted is dropped.
 */
export function CodeField({ onCode, ...field }: Omit<FieldProps, 'onChange'> & { onCode: (code: string) => void }) {
  return (
    <FormField
      className="otp-field"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="one-time-code"
      maxLength={6}
      required
      {...field}
      onChange={(event) => onCode(event.target.value.replace(/\D/g, ''))}
    />
  );
}

/**
 * A required text the customer writes (an answer to the corporation's request, the reason for a
 * review: issue 25), labelled and with its error under it as FormField's; `id` is the one the
 * error summary links to.
 */
export function TextAreaFormField({ id, label, error, ...textarea }: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: ReactNode; error?: string }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        <span className="required-mark" aria-hidden="true"> *</span>
      </label>
      <textarea id={id} rows={6} aria-required {...invalidProps(id, error)} {...textarea} />
      <FieldError fieldId={id} error={error} />
    </div>
  );
}
