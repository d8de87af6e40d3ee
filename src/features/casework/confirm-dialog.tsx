import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

/**
 * The asking step every case move has (issue 15): a modal that says what will happen,
 * holds the move's own fields, and does nothing until Confirm. Escape or Cancel closes it.
 */
export function ConfirmDialog({
  title,
  children,
  busy,
  ready = true,
  onConfirm,
  onCancel,
}: {
  title: ReactNode;
  children: ReactNode;
  busy: boolean;
  ready?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !busy) onConfirm();
  };
  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby="confirm-title" onClose={onCancel} data-testid="confirm-dialog">
      <form className="form" onSubmit={submit}>
        <h2 id="confirm-title">{title}</h2>
        {children}
        <div className="form-actions">
          <button type="button" className="button button-outline" onClick={onCancel} disabled={busy}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button button-primary" disabled={!ready || busy}>
            <Trans>Confirm</Trans>
          </button>
        </div>
      </form>
    </dialog>
  );
}
