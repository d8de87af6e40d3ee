import { useRef, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { FieldError, invalidProps } from './form-errors.tsx';

/**
 * A file input in the page's language: the browser's own button says "Choose File" and
 * "No file chosen" in the browser's language, and forgets the name when the form is
 * shown again (after Cancel on a confirmation) while the file is kept. Here the chosen
 * file is the form's state, so its name shows whenever the form does.
 */
export function FilePicker({
  id,
  label,
  accept,
  file,
  onChange,
  hint,
  error,
}: {
  id: string;
  label: ReactNode;
  accept: string;
  file: File | undefined;
  onChange: (file: File | undefined) => void;
  hint?: ReactNode;
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="form-field file-picker">
      <label htmlFor={id}>{label}</label>
      <div className="file-picker-row">
        {/* The real input stays in the page, visually hidden but focusable: keyboards and tests reach it. */}
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          className="visually-hidden file-picker-input"
          {...invalidProps(id, error)}
          onChange={(event) => onChange(event.target.files?.[0])}
        />
        <button type="button" className="button button-outline" aria-hidden="true" tabIndex={-1} onClick={() => input.current?.click()}>
          {file ? <Trans>Choose another file</Trans> : <Trans>Choose a file</Trans>}
        </button>
        <span className="file-picker-name" data-testid={`${id}-name`}>
          {file ? file.name : <Trans>No file chosen</Trans>}
        </span>
        {file && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              if (input.current) input.current.value = '';
              onChange(undefined);
            }}
          >
            <Trans>Remove</Trans>
          </button>
        )}
      </div>
      {hint && <small className="form-hint">{hint}</small>}
      <FieldError fieldId={id} error={error} />
    </div>
  );
}
