import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Fails a test whose code sent a query on a connection still running one (pg 9 refuses it).
    setupFiles: ['test/one-query-at-a-time.ts'],
    // Each file builds its own app on its own database; argon2 and PGlite start-up need headroom.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker imports the app's modules once, not once a file (half the run's time or more);
    // why that is safe: docs/adr/0053-test-suites-share-worker-modules.md.
    isolate: false,
    // Two cores: more workers only thrash.
    maxWorkers: 2,
  },
});
