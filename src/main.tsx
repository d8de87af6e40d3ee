import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-700.css';
import '@fontsource/noto-sans-ethiopic/ethiopic-400.css';
import '@fontsource/noto-sans-ethiopic/ethiopic-700.css';
import './ui/styles.css';
import { activateLocale, i18n, storedLocale } from './i18n/i18n.ts';
import { queryClient } from './app/query-client.ts';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
