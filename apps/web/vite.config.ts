/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { routePreloads } from './build/route-preloads';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema';
import { AREA_DASHBOARD_PATH, AREA_PATH } from './src/app/area-paths';

// `@/` is `src/`: shared code is imported by that name, while a feature's own files import
// each other relatively (the lint rule against cross-feature imports relies on it).
const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    zodWithoutJsonSchema(),
    // An area's address gets its route table, layout and (on the area's home) dashboard as
    // modulepreload links from the server, so they download with the entry, not after it
    // (routes.tsx, area-routes.tsx).
    routePreloads([
      {
        path: AREA_PATH,
        modules: ['src/app/area-routes.tsx', 'src/app/layouts/area-layout.tsx'],
      },
      { path: AREA_DASHBOARD_PATH, modules: ['src/app/routes/area/dashboard.tsx'] },
    ]),
  ],
  resolve: { alias: [{ find: /^@\//, replacement: `${srcDir}/` }] },
  server: {
    // The API runs as its own process in development; in production one server serves both.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser of the build target but Safari 16 preloads modules natively; there the
    // polyfill only saved a round trip, and it cost every first visit its download.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page runs at start, in one chunk: Rolldown otherwise splits the
          // modules the first page shares with the areas' lazy chunks into many small chunks
          // (rolldown#10731), which costs the sign-in page about a kilobyte of cross-chunk
          // imports. Only packages the first page runs whole belong here: one with parts used
          // only inside the areas (react-i18next's Trans, the icons) would bring those parts to
          // the sign-in page.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    // Above testing-library's 10 s wait (setup-tests.ts), so a missing element fails with its own
    // message rather than a bare timeout. npm test runs these beside the server's suites: on CI's
    // two cores a typing-heavy form test then took up to 11 s (the webhooks screen's).
    testTimeout: 30_000,
    // Both cores (vitest's default leaves one to the main process, which idles): 119 s instead
    // of 184 s for the whole suite on the 2-core machine.
    maxWorkers: 2,
    // jsdom and the app's modules are set up once a worker, not once a file (185 → 37 s); safe
    // because setup-tests.ts resets every module-level store after each test
    // (docs/adr/0053-test-suites-share-worker-modules.md).
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
