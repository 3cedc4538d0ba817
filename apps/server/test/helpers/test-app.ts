import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type AppDeps } from '../../src/app';
import type { DatabaseHandle } from '../../src/db/client';
import { parseEnv, type Env } from '../../src/env';
import { freshDatabase } from './database';
import { Factory } from './factory';

export const TEST_PASSWORD = 'Passw0rd!';
export const TEST_KEYS_SECRET = 'ab'.repeat(32);
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  env: Env;
  factory: Factory;
  close(): Promise<void>;
}

/**
 * The real app (every plugin and route) on a fresh database, driven through app.inject. A test
 * that starts server processes on a database of its own passes that database instead; `deps`
 * replaces parts of the app's world (the clock).
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  ownDatabase?: DatabaseHandle,
  deps: Pick<AppDeps, 'now' | 'logStream' | 'resolveHost'> = {},
): Promise<TestContext> {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/keymarket-test-unused',
    // Generous limits so tests that are not about rate limiting never trip them.
    LOGIN_RATE_LIMIT: '1000',
    REGISTER_RATE_LIMIT: '1000',
    // Tests fold the stock themselves when they mean to (foldStockChanges): one in the
    // background would change the counter under a test reading it.
    STOCK_FOLD_INTERVAL_MS: '3600000',
    PROFIT_FOLD_INTERVAL_MS: '3600000',
    // Likewise the outbox: the webhook tests poll it often (OUTBOX_POLL_INTERVAL_MS).
    OUTBOX_POLL_INTERVAL_MS: '3600000',
    // A key import starts at its upload (the runner is woken); the poll only finds the jobs of
    // other processes, which a test starts on purpose.
    KEY_IMPORT_POLL_INTERVAL_MS: '3600000',
    ...overrides,
  });
  const database = ownDatabase ?? (await freshDatabase());
  const app = await buildApp({
    env,
    database,
    jwtSecret: TEST_JWT_SECRET,
    keysSecret: TEST_KEYS_SECRET,
    ...deps,
  });
  await app.ready();
  const factory = new Factory(app, database);
  return {
    app,
    database,
    env,
    factory,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Cookie header carrying the session cookies a response set. */
export function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
