import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { loadEnv } from './env';
import { withoutQueryValues } from './lib/logged-error';
import { secretFromEnvOrDataDir } from './lib/secrets';
import { ensureFirstAdmin } from './modules/users/bootstrap-admin';
import { prepareApiDocument } from './plugins/app/api-docs';

const env = loadEnv();

/**
 * Stops the process on a start-up failure, told without the values its query was sent with:
 * Node's own report of an uncaught error prints them all (a first admin's password hash did).
 */
function cannotStart(error: unknown): never {
  console.error(
    `Cannot start: ${JSON.stringify(withoutQueryValues(error) ?? String(error), null, 2)}`,
  );
  process.exit(1);
}

const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = env.WEB_DIST_DIR ?? path.resolve(here, '../../web/dist');

const database = await openDatabase(
  env.DATABASE_URL
    ? {
        kind: 'postgres',
        url: env.DATABASE_URL,
        poolMax: env.DATABASE_POOL_MAX,
        read: env.DATABASE_READ_URL
          ? { url: env.DATABASE_READ_URL, maxLagMs: env.READ_MAX_LAG_MS }
          : undefined,
      }
    : { kind: 'pglite', dataDir: env.DATA_DIR },
).catch((error: unknown) => {
  // A locked data directory or an unreachable database: say so plainly and stop.
  console.error(
    `Cannot open the database: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
const jwtSecret = secretFromEnvOrDataDir(env.JWT_SECRET, env.DATA_DIR, 'jwt-secret');
const keysSecret = secretFromEnvOrDataDir(env.KEYS_SECRET, env.DATA_DIR, 'keys-secret');

const app = await buildApp({
  env: { ...env, WEB_DIST_DIR: webDist },
  database,
  jwtSecret,
  keysSecret,
  redis,
}).catch(cannotStart);
await ensureFirstAdmin(database.db, env, (text) => process.stdout.write(text)).catch(cannotStart);

// SIGTERM/SIGINT: stop accepting, finish in-flight requests, then close the database.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ error: withoutQueryValues(err) }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  redis?.disconnect();
});

await app.listen({ host: env.HOST, port: env.PORT }).catch(cannotStart);
// The API reference's document, built now rather than on its first visitor's request.
prepareApiDocument(app);
