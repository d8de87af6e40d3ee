import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

/** The form's main button; while the call runs it shows a spinner and cannot be pressed twice. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button-primary button-block" disabled={busy} aria-busy={busy}>
      {busy ? <Spinner /> : children}
    </button>
  );
}
