import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Form errors as GOV.UK's error summary pattern has them: every form is
 * `noValidate`, so no browser bubble speaks English on an Amharic page; a failed submit
 * shows a summary at the top with a link to each field, moves the focus to it, and each
 * field carries its own message, `aria-invalid` and `aria-describedby`.
 */

/** A field's element id → its message, in the order the fields come on the page. */
export type FieldErrors = Record<string, string>;

export const errorId = (fieldId: string) => `${fieldId}-error`;

/** The attributes an invalid field takes; none on a valid one. */
export const invalidProps = (fieldId: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(fieldId) } : {};

/** The message under a field. The summary is the alert; this one is read with the field. */
export function FieldError({ fieldId, error }: { fieldId: string; error?: string }) {
  if (!error) return null;
  return (
    <small id={errorId(fieldId)} className="form-error">
      <span className="visually-hidden">
        <Trans>Error:</Trans>{' '}
      </span>
      {error}
    </small>
  );
}

/** What a form checks before it sends: each rule names the field's element id and label. */
export type FieldRule = {
  id: string;
  label: string;
  value: string | undefined;
  required?: boolean;
  /** A select or a file: "Choose …" instead of "Fill in …". */
  choose?: boolean;
  email?: boolean;
};

// Enough to catch a typo the server would refuse anyway; the server has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The state of one form's errors, and the checks every form shares, in the chosen language. */
export function useFormErrors() {
  const { t } = useLingui();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);

  const messageFor = ({ label, value = '', required, choose, email }: FieldRule): string | undefined => {
    const text = value.trim();
    if (required && !text) return choose ? t`Choose ${label}` : t`Fill in ${label}`;
    if (email && text && !EMAIL.test(text)) return t`Enter an e-mail address such as name@example.com`;
    return undefined;
  };

  return {
    errors,
    /** Props for the form's <ErrorSummary>. */
    summary: { errors, attempt },
    /**
     * Checks `rules`, adds `more` (a form's own rules, by field id), shows the result and
     * answers whether the form may be sent.
     */
    check(rules: FieldRule[], more: FieldErrors = {}): boolean {
      const found: FieldErrors = {};
      for (const rule of rules) {
        const message = messageFor(rule);
        if (message) found[rule.id] = message;
      }
      Object.assign(found, more);
      setErrors(found);
      const ok = Object.keys(found).length === 0;
      if (!ok) setAttempt((n) => n + 1);
      return ok;
    },
    /** Drops every message (the form was reset or sent). */
    clear: () => setErrors({}),
  };
}

/** The box at the top of a form after a failed submit; it takes the focus each time. */
export function ErrorSummary({ errors, attempt }: { errors: FieldErrors; attempt: number }) {
  const box = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors);

  useEffect(() => {
    if (attempt > 0) box.current?.focus();
  }, [attempt]);

  if (entries.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={box} data-testid="error-summary">
      <h2 className="error-summary-title">
        <Trans>There is a problem</Trans>
      </h2>
      <ul>
        {entries.map(([fieldId, message]) => (
          <li key={fieldId}>
            <a
              href={`#${fieldId}`}
              onClick={(event) => {
                // The hash would change the route's URL; focusing the field is all the link is for.
                event.preventDefault();
                const field = document.getElementById(fieldId);
                field?.scrollIntoView({ block: 'center' });
                field?.focus();
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
