// We run the macro through Babel on purpose (TOOLCHAIN.md pitfall 2); the plugin's advice to switch is noise.
process.env.LINGUI_SUPPRESS_BABEL_WARNING = '1';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    // The Lingui macro must run before React's transform (TOOLCHAIN.md pitfall 2).
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
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
  build: { manifest: true, sourcemap: false, target: 'es2022' },
  server: { proxy: { '^/(\\w+_api|div_rate|media)/': 'http://localhost:8080' } },
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts'] } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One Chromium at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
