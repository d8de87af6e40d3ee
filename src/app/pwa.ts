import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';

/**
 * The installable, updatable side of the app: the service worker (production builds only),
 * the "new version" prompt (the user decides when to reload, so no half-filled form is
 * lost), the browser's install prompt, and the online/offline state.
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  online: boolean;
  updateReady: boolean;
  canInstall: boolean;
}

let state: PwaState = { online: navigator.onLine, updateReady: false, canInstall: false };
const listeners = new Set<() => void>();
const set = (next: Partial<PwaState>) => {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
};

let workbox: Workbox | undefined;
let installEvent: BeforeInstallPromptEvent | undefined;

export const pwa = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Lets the waiting version take over, then reloads once it controls the page. */
  applyUpdate() {
    if (!workbox) return;
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  },
  async install() {
    if (!installEvent) return;
    await installEvent.prompt();
    installEvent = undefined;
    set({ canInstall: false });
  },
  /** The service worker's registration, for Background Sync. */
  registration: () => navigator.serviceWorker?.getRegistration(),
};

/** The online state and the install prompt: listened to from the start. */
export function startPwa() {
  window.addEventListener('online', () => set({ online: true }));
  window.addEventListener('offline', () => set({ online: false }));
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installEvent = event as BeforeInstallPromptEvent;
    set({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => set({ canInstall: false }));
}

/**
 * Registers the service worker. Issue 13: called once the first page is drawn and the main
 * thread is idle (src/main.tsx), not at the window's load event, which in this single-page
 * app comes before React has drawn anything: the service worker's start and its precache
 * (~100 files) then took CPU and bandwidth from the first page on a slow phone.
 */
export function registerServiceWorker(onOutboxWake: () => void) {
  // Ask the browser not to evict the outbox when space runs low.
  void navigator.storage?.persist?.().catch(() => false);

  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => set({ updateReady: true }));
  workbox.addEventListener('message', (event) => {
    if (event.data?.type === 'OUTBOX_SYNC') onOutboxWake();
  });
  workbox
    .register()
    .then((registration) => {
      // A tab left open for days still learns about a new version.
      if (registration) setInterval(() => void registration.update().catch(() => {}), 60 * 60_000);
    })
    // No service worker (blocked by policy or a private window): the app works online as before.
    .catch(() => {});
}

export const usePwa = () => useSyncExternalStore(pwa.subscribe, pwa.get);
