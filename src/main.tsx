import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-700.css';
import '@fontsource/noto-sans-ethiopic/ethiopic-400.css';
import '@fontsource/noto-sans-ethiopic/ethiopic-700.css';
import './ui/styles.css';
import { activateLocale, i18n, storedLocale } from './i18n/i18n.ts';
import { persistOptions, queryClient } from './app/query-client.ts';
import { startPwa } from './app/pwa.ts';
import { queryKeys } from './app/query-keys.ts';
import { router } from './app/router.ts';
import { session } from './app/session.ts';

// The catalog is loaded before the first paint so no untranslated text flashes.
await activateLocale(storedLocale(), { remember: false });
session.restore();
// SPEC section 4: at the token's expiry a logout is performed and the user leaves the dashboard.
session.onExpiry(() => {
  queryClient.removeQueries({ queryKey: queryKeys.customer.all });
  void router.navigate({ to: '/' });
});
// The outbox (and Dexie with it) loads after the first paint.
const outboxSender = () => import('./outbox/sender.ts');
const resumeOutbox = () => void outboxSender().then((sender) => sender.resumeOutbox());
startPwa(() => void outboxSender().then((sender) => sender.flushOutbox()));
window.addEventListener('online', resumeOutbox);
// A sign-in may release case applications that waited for it.
let signedInAs = session.get()?.customerId;
session.subscribe(() => {
  const now = session.get()?.customerId;
  if (now && now !== signedInAs) resumeOutbox();
  signedInAs = now;
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      {/* The persisted cache is back before the first paint; queued work resumes after it (STYLE.md 3). */}
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions} onSuccess={resumeOutbox}>
        <RouterProvider router={router} />
      </PersistQueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
