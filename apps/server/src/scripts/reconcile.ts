/**
 * `npm run reconcile`: checks the money invariants of DESIGN.md §5 on the whole database (the
 * one DATABASE_URL or DATA_DIR names, as the server), prints each check and stores the result
 * for the admin dashboard. Exits 1 when any check fails. With the embedded database the server
 * must be stopped first (one process at a time holds DATA_DIR); on PostgreSQL it runs beside it.
 *
 * `-- --upstreams` also compares the docked orders with each supplier's own records, read through
 * its API (DESIGN.md §14, `reconcileUpstreams`).
 */
import { loadEnv } from '../env';
import { reconcile } from '../modules/reconciliation/reconciliation.service';
import { openDatabase } from '../db/client';
import { KeyVault } from '../lib/key-vault';
import { secretFromEnvOrDataDir } from '../lib/secrets';
import { resolveWithDns } from '../modules/webhooks/url-safety';
import { reconcileUpstreams } from '../modules/upstreams/upstream-reconciliation';

const env = loadEnv();
const database = await openDatabase(
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolMax: 2 }
    : { kind: 'pglite', dataDir: env.DATA_DIR },
);
try {
  const result = await reconcile(database.db);
  for (const check of result.checks) {
    console.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`);
    for (const row of check.rows) console.log(`       ${JSON.stringify(row)}`);
  }
  let ok = result.ok;
  if (process.argv.includes('--upstreams')) {
    const vault = new KeyVault(
      secretFromEnvOrDataDir(env.KEYS_SECRET, env.DATA_DIR, 'keys-secret'),
    );
    const rules = { allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_URLS, resolve: resolveWithDns };
    for (const check of await reconcileUpstreams(database.db, vault, rules)) {
      console.log(`${check.ok ? 'ok  ' : 'FAIL'} upstream ${check.upstream}: ${check.detail}`);
      for (const row of check.rows) console.log(`       ${row}`);
      ok &&= check.ok;
    }
  }
  console.log(ok ? 'Reconciled: every check holds.' : 'Reconciliation FAILED.');
  process.exitCode = ok ? 0 : 1;
} finally {
  await database.close();
}
