// We run the macro through Babel on purpose (TOOLCHAIN.md pitfall 2); the plugin's advice to switch is noise.
process.env.LINGUI_SUPPRESS_BABEL_WARNING = '1';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    // The Lingui macro must run before React's transform (TOOLCHAIN.md pitfall 2).
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
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
