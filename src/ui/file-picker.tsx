import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { FieldError, invalidProps } from './form-errors.tsx';
import { Spinner } from './spinner.tsx';

// Issue 27: fetched only when someone chooses to make the PDF from photos; the service worker precaches it for offline use.
const PhotoPdfMaker = lazy(() => import('./photo-pdf/photo-pdf-maker.tsx').then((m) => ({ default: m.PhotoPdfMaker })));

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
  const [fromPhotos, setFromPhotos] = useState(false);
  // Wherever a PDF may be attached, photos of paper pages may become it instead.
  const takesPdf = accept.includes('pdf');
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
        {takesPdf && !fromPhotos && (
          <button type="button" className="button button-outline" onClick={() => setFromPhotos(true)}>
            <Trans>Take or choose photos</Trans>
          </button>
        )}
      </div>
      {fromPhotos && (
        <Suspense fallback={<Spinner />}>
          <PhotoPdfMaker
            id={id}
            onCancel={() => setFromPhotos(false)}
            onDone={(pdf) => {
              if (input.current) input.current.value = '';
              setFromPhotos(false);
              onChange(pdf);
            }}
          />
        </Suspense>
      )}
      {hint && <small className="form-hint">{hint}</small>}
      <FieldError fieldId={id} error={error} />
    </div>
  );
}
