import type { ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { activateLocale, i18n, loadStaffTexts } from '../i18n/i18n.ts';
import type { Locale } from '../i18n/locales.ts';

/**
 * Screens rendered in happy-dom (the `screens` project) with what the app gives them:
 * Lingui's catalog for `locale` loaded and activated by the app's own src/i18n/i18n.ts
 * (the customer catalog and the staff one), a fresh QueryClient, and a TanStack Router on
 * a memory history so `Link` and `useNavigate` work. Every path goes to `screen`; tests
 * read where a screen navigated to from `router.state.location`.
 */
export interface ScreenOptions {
  /** The language shown; English unless said. */
  locale?: Locale;
  /** Where the memory history starts, with its search (`/staff?page=2`). */
  path?: string;
  /** A client of the test's own, e.g. with data already in its cache. */
  queryClient?: QueryClient;
}

export interface RenderedScreen extends RenderResult {
  router: AnyRouter;
  queryClient: QueryClient;
}

/** A client that never retries: a failed call in a test shows at once. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Loads and activates a language the way the app does, without remembering it. */
export async function loadLanguage(locale: Locale) {
  await loadStaffTexts();
  await activateLocale(locale, { remember: false });
}

export async function renderScreen(screen: ReactNode | (() => ReactNode), { locale = 'en', path = '/', queryClient = testQueryClient() }: ScreenOptions = {}): Promise<RenderedScreen> {
  await loadLanguage(locale);
  const Screen = typeof screen === 'function' ? screen : () => screen;
  const rootRoute = createRootRoute({ component: Outlet });
  // A splat route, so every path the screen links or navigates to renders the screen again.
  const anyPath = createRoute({ getParentRoute: () => rootRoute, path: '$', component: Screen });
  const router = createRouter({ routeTree: rootRoute.addChildren([anyPath]), history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const result = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...result, router, queryClient };
}
