import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

interface Confirmation {
  children: ReactNode;
  busy: boolean;
  /** false while a field the action needs is empty: Confirm stays disabled. */
  ready?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The asking step every staff action has: what will happen, the action's own fields, and
 * nothing done until Confirm. Shown in the page (an accusation's actions) or in a modal.
 */
export function ConfirmForm({ children, busy, ready = true, onConfirm, onCancel, className = 'form', testId }: Confirmation & {
  className?: string;
  testId?: string;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !busy) onConfirm();
  };
  return (
    <form className={className} data-testid={testId} onSubmit={submit} noValidate>
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
  );
}

/** The confirmation as a modal with a title (a case move): Escape or Cancel closes it. */
export function ConfirmDialog({ title, children, ...confirmation }: Confirmation & { title: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby="confirm-title" onClose={confirmation.onCancel} data-testid="confirm-dialog">
      <ConfirmForm {...confirmation}>
        <h2 id="confirm-title">{title}</h2>
        {children}
      </ConfirmForm>
    </dialog>
  );
}
