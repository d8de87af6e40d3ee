import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string; hint?: ReactNode };

/** A labelled input with its error under it, tied together for screen readers. */
export function FormField({ label, error, hint, required, className = '', ...input }: FieldProps) {
  const id = useId();
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
      <input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {hint && <small className="form-hint">{hint}</small>}
      {error && (
        <small id={`${id}-error`} className="form-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
