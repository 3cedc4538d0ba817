import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3310);
// Several people (or agents) can run the suite side by side: each picks its own E2E_PORT, and
// may point at its own web build and server command instead of the shared dist folders.
const WEB_DIST = process.env.E2E_WEB_DIST ?? '../apps/web/dist';
const SERVER_COMMAND = process.env.E2E_SERVER_COMMAND ?? 'node ../apps/server/dist/main.js';
export const ADMIN = { username: 'admin', password: 'E2e-Admin-Passw0rd!' };
/**
 * Card top-ups: the server sends its Stripe calls to a stand-in for Stripe's API that the card
 * spec starts on this port (tests/topups-card.spec.ts), and checks callbacks with this secret.
 */
export const STRIPE = { apiPort: PORT + 2000, webhookSecret: 'whsec_e2e_keymarket' };

/**
 * E2E_DATABASE_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres) puts the
 * server on a throw-away database of its own, `keymarket_e2e_<port>`, made afresh at every start
 * (CI does this: on PostgreSQL the server answers the browser several times faster than on PGlite,
 * whose one WebAssembly connection serialises every query). Unset: a throw-away PGlite directory.
 */
const POSTGRES = process.env.E2E_DATABASE_URL;
const E2E_DATABASE = `keymarket_e2e_${PORT}`;
function databaseUrl(serverUrl: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${E2E_DATABASE}`;
  return url.toString();
}
const freshPostgres = POSTGRES
  ? `psql "${POSTGRES}" -q -v ON_ERROR_STOP=1` +
    ` -c "drop database if exists ${E2E_DATABASE} with (force)"` +
    ` -c "create database ${E2E_DATABASE}"` +
    // Nothing survives a run: its commits need not wait for the disk.
    ` -c "alter database ${E2E_DATABASE} set synchronous_commit = off" && `
  : '';

/**
 * Drives the real built app (server bundle + SPA) in Debian's Chromium: no browser download.
 * The server starts on a throw-away PGlite directory so every run begins empty.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: `./test-results/${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: `playwright-report/${PORT}` }]]
    : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace records the page at every step. Kept for every test and thrown away when it
    // passed, it cost a quarter of the suite's time (orders, auth, users and polish: 288 s against
    // 218 s, 2026-11-29). CI retries a failure once, and the retry records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The SPA is served from a private copy: other people rebuilding apps/web mid-run (vite
    // empties dist first) must not turn pages into 404s or lose lazily loaded chunks.
    command:
      `rm -rf /tmp/keymarket-e2e-${PORT} /tmp/keymarket-e2e-web-${PORT}` +
      ` && cp -r ${WEB_DIST} /tmp/keymarket-e2e-web-${PORT}` +
      ` && ${freshPostgres}${SERVER_COMMAND}`,
    url: `http://127.0.0.1:${PORT}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `/tmp/keymarket-e2e-${PORT}`,
      ...(POSTGRES ? { DATABASE_URL: databaseUrl(POSTGRES) } : {}),
      WEB_DIST_DIR: `/tmp/keymarket-e2e-web-${PORT}`,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // Every test signs in and registers from 127.0.0.1; the production limits (login 10 per
      // pair, 100 per address per 15 minutes; register 30 per hour) would trip mid-run.
      LOGIN_RATE_LIMIT: '1000',
      REGISTER_RATE_LIMIT: '1000',
      INVITATION_RATE_LIMIT: '1000',
      // The webhook test's receiver listens on 127.0.0.1 over http, which the SSRF guard refuses
      // in production; deliveries are looked for every 200 ms so the test ping lands at once.
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      OUTBOX_POLL_INTERVAL_MS: '200',
      // Where a supplier sends its events to this platform (tests/suppliers.spec.ts docks from a
      // second server, which must reach this one's address, not the default localhost:3000).
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      STRIPE_SECRET_KEY: 'sk_test_e2e_keymarket',
      STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
      STRIPE_API_BASE: `http://127.0.0.1:${STRIPE.apiPort}`,
    },
  },
});
