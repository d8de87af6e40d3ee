import { useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';

/** SPEC section 9: toasts close by themselves after 5000 ms. */
export const TOAST_MS = 5000;

type Toast = { id: number; kind: 'success' | 'error'; text: string };
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const publish = (next: Toast[]) => {
  toasts = next;
  listeners.forEach((listener) => listener());
};

function dismiss(id: number) {
  publish(toasts.filter((t) => t.id !== id));
}

export function toast(kind: Toast['kind'], text: string) {
  const id = nextId++;
  publish([...toasts, { id, kind, text }]);
  setTimeout(() => dismiss(id), TOAST_MS);
}

export function Toaster() {
  const { t } = useLingui();
  const list = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
  return (
    <div className="toaster" aria-live="polite">
      {list.map((item) => (
        <div key={item.id} className={`toast toast-${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'}>
          <span>{item.text}</span>
          <button type="button" className="toast-close" aria-label={t`Close`} onClick={() => dismiss(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
