import { useEffect, useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';

/** SPEC section 9: toasts close by themselves after 5000 ms. */
export const TOAST_MS = 5000;
/** More would cover the page on a phone; the newest ones stay. */
export const MAX_TOASTS = 2;
/**
 * A toast made this shortly before the page changed announces that change ("Your account
 * was created" on the way to the code screen) and goes along; older ones belonged to the
 * page left behind (a refused log-in) and are cleared.
 */
const FOLLOWS_NAVIGATION_MS = 1000;

type Toast = { id: number; kind: 'success' | 'error'; text: string; at: number };
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
  publish([...toasts, { id, kind, text, at: Date.now() }].slice(-MAX_TOASTS));
  setTimeout(() => dismiss(id), TOAST_MS);
}

function clearBefore(time: number) {
  if (toasts.some((t) => t.at < time)) publish(toasts.filter((t) => t.at >= time));
}

export function Toaster() {
  const { t } = useLingui();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const list = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
  useEffect(() => clearBefore(Date.now() - FOLLOWS_NAVIGATION_MS), [pathname]);
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
