// We run the macro through Babel on purpose (TOOLCHAIN.md pitfall 2); the plugin's advice to switch is noise.
process.env.LINGUI_SUPPRESS_BABEL_WARNING = '1';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { DEFAULT_LOCALE } from './src/i18n/locales.ts';
import { routePreloadsPlugin } from './scripts/route-preloads.ts';
import { inputsHash } from './scripts/build-stamp.ts';

/**
 * Issue 13: the fonts are found only once the CSS has been applied and text laid out, so
 * they arrived last and re-flowed the page (LCP and layout shift). Preloading them lets them
 * come with the scripts. Each subset holds the regular and bold weights (one variable file,
 * scripts/subset-fonts.ts). Amharic is the default language, so Ethiopic first.
 */
function preloadFonts(names: RegExp[]): Plugin {
  return {
    name: 'portal-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) =>
        Object.keys(bundle ?? {})
          .filter((file) => names.some((name) => name.test(file)))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head-prepend' as const,
          })),
    },
  };
}

/**
 * Issue 13: the catalog is imported by the entry only once it runs (src/i18n/i18n.ts), a
 * round trip after the scripts. The default language's catalog is preloaded with them;
 * another stored language still loads after (an inline script to pick it would need a CSP
 * exception).
 */
function preloadDefaultCatalog(): Plugin {
  return {
    name: 'portal-preload-default-catalog',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) =>
        Object.values(bundle ?? {})
          .filter((chunk) => chunk.type === 'chunk' && chunk.facadeModuleId?.endsWith(`/locales/${DEFAULT_LOCALE}/messages.po`))
          .map((chunk) => ({ tag: 'link', attrs: { rel: 'modulepreload', href: `/${chunk.fileName}` }, injectTo: 'head' as const })),
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    // The Lingui macro must run before React's transform (TOOLCHAIN.md pitfall 2).
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
    preloadFonts([/noto-sans-ethiopic-subset-wght-[\w-]+\.woff2$/, /noto-sans-latin-subset-wght-[\w-]+\.woff2$/]),
    preloadDefaultCatalog(),
    routePreloadsPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app asks before an update takes over (src/app/pwa.ts); no service worker in dev.
      registerType: 'prompt',
      injectRegister: false,
      devOptions: { enabled: false },
      injectManifest: {
        // Every file type we ship: lazy route chunks, catalogs, pdf.js and its .mjs worker,
        // the WOFF2 fonts and the manuals (TOOLCHAIN.md pitfall 3). WOFF copies are left
        // out: every browser that runs a service worker reads WOFF2.
        globPatterns: ['**/*.{js,mjs,css,html,woff2,svg,png,webmanifest}', 'manual/*.pdf'],
        globIgnores: ['**/noto-sans-ethiopic-latin*', '**/*cyrillic*', '**/*greek*', '**/*devanagari*', '**/*vietnamese*'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        name: 'Housing Development Corporation — Customer Portal',
        short_name: 'HDC Portal',
        description: 'Check a case, file an accusation, apply for services and follow your cases.',
        lang: 'am',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b5d3b',
        background_color: '#f5f7f8',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  // What the persisted query cache is kept under (src/app/query-client.ts): a new build of
  // different sources drops a cache the old code wrote, whose shape it may no longer read.
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(process.env.VITE_APP_VERSION ?? inputsHash(import.meta.dirname).slice(0, 16)) },
  build: {
    manifest: true,
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Issue 13: left alone, the first page loads ~45 small files; on a phone each costs a
        // round trip. What every page runs comes in two files: the libraries, and the app's
        // shell (router config of every route, session, HTTP, the features' API calls).
        // Route components, Dexie and pdf.js stay in their own chunks, loaded when needed.
        // The parts the forms share (fields, errors, file picker, outbox) come as one file
        // too: the accusation form fetched 13 of them, 3 KB on average, on a phone's
        // six connections; so do the parts that show a case (the status check, the
        // dashboard). A module left out of a list gets a chunk of its own, as before.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack|@lingui|ky)[\\/]/, priority: 2 },
            { name: 'shell', test: /[\\/]src[\\/](routes[\\/][^?]+|app[\\/].+|i18n[\\/].+|features[\\/][^/\\]+[\\/](api|staff-session|login-name)\.ts|ui[\\/]toast\.tsx)$/, priority: 1 },
            { name: 'forms', test: /[\\/]src[\\/](ui[\\/](form-errors|form-field|file-picker|submit-button|use-file-bytes|use-server-refusal|lazy-pdf-viewer|details-list|accusation-state-badge|back-link|auth-card|credentials-form|receipt-panel|new-password-fields|login-countdown|upload-progress)\.tsx?|ui[\\/]pdf[\\/]frame\.ts|outbox[\\/](drafts|open-db|outbox|sender|backoff|use-draft|use-outbox-submit|draft-status)\.tsx?)$/, priority: 0 },
            { name: 'cases', test: /[\\/]src[\\/](features[\\/]cases[\\/](answers|case-rows|status-badge)\.tsx?|ui[\\/](answer-text|person-name)\.ts)$/, priority: 0 },
          ],
        },
      },
    },
  },
  server: { proxy: { '^/(\\w+_api|div_rate|media)/': 'http://localhost:8080' } },
  test: {
    // `npm test` (scripts/test.ts) runs the browser files in one Vitest process and the rest
    // in another, side by side: in one process every project shares one worker on two cores.
    projects: [
      {
        // Some unit tests run a tool (Lingui's extractor, ESLint) in a child process: on a busy
        // two-core CI run those take several times their quiet duration, past the 5 s default.
        // One process for every file (isolate: false), as for the screens below.
        test: { name: 'unit', include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts'], testTimeout: 30_000, isolate: false },
      },
      {
        // One process for every API file: each then reuses PGlite's compiled WebAssembly and
        // the migrated database instead of paying ~5 s of CPU for them per file (a clean run
        // on two cores: API tests 10.8 → 7.5 minutes). A file shares one server per database
        // among its blocks (fileServer), with second instances where a block needs other limits.
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000, isolate: false },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One Chromium at a time: the machine has two cores.
          fileParallelism: false,
          // One process for every browser file, as for the API files: PGlite's WebAssembly and
          // the migrated database are then made once, not once a file (each file still starts
          // its own app server, and its own Chromium).
          isolate: false,
          // A failed test's open pages are photographed, then whatever a test left open is closed.
          setupFiles: ['tests/helpers/e2e-setup.ts'],
          // expect.poll gives up after 1 s by default: a page on a busy two-core machine can take
          // longer to show what it will show. It returns as soon as the check passes.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        // Screens rendered in happy-dom, no browser: the root config's plugins (the Lingui
        // macro above all) apply through `extends: true`. src/testing/render.tsx provides
        // the catalog, the query client and a memory router. Every file in one process and one
        // happy-dom (isolate: false): a fresh one per file, with React and Lingui loaded again,
        // cost four times the CPU of the tests themselves (49 → 12 s of CPU for 47 files).
        extends: true,
        test: { name: 'screens', include: ['src/**/*.test.tsx'], environment: 'happy-dom', setupFiles: ['src/testing/screens-setup.ts'], isolate: false },
      },
    ],
  },
});
