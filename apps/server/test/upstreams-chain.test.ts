import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from './helpers/database';
import { Platform } from './helpers/platforms';
import { TEST_KEYS_SECRET } from './helpers/test-app';

const run = promisify(execFile);

/**
 * A chain of three platforms (DESIGN.md §14): C docks from B, which docks from A. A purchase at C
 * flows C → B → A, each with its own order and Idempotency-Key, and A's keys flow back.
 */
describe('a chain of three platforms', () => {
  let a: Platform;
  let b: Platform;
  let c: Platform;

  beforeAll(async () => {
    // One after the other: three embedded databases migrating at once outrun a small machine.
    a = await Platform.start();
    b = await Platform.start();
    c = await Platform.start();
  }, 240_000);

  afterAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await Promise.all([a?.dispose(), b?.dispose(), c?.dispose()]);
  });

  it("completes a purchase at C with A's keys, every ledger exact", async () => {
    const original = await a.product(10, 5);
    const atB = await b.dockFrom(a, original.id, 100);
    const atC = await c.dockFrom(b, atB.productId, 100);
    const buyer = await c.reseller(50);

    const placed = await c.call(buyer.session, 'POST', '/api/orders', {
      productId: atC.productId,
      quantity: 2,
    });
    expect(placed.status).toBe(201);
    const done = await c.until(
      () => c.ok(buyer.session, 'GET', `/api/orders/${placed.body.id}`),
      (order) => order.status !== 'pending',
    );
    expect(done.status).toBe('completed');
    expect([...done.responseKeys!].sort()).toEqual(original.keys.slice(0, 2).sort());
    // A sells at $10, B at $11 (10 % on A's price), C at $12.10.
    expect(await c.balanceOf(buyer.session)).toBe(50 - 24.2);
    expect(await b.balanceOf(atC.account.session)).toBe(100 - 22);
    expect(await a.balanceOf(atB.account.session)).toBe(100 - 20);
    for (const platform of [a, b, c]) {
      const result = await platform.reconciliation();
      expect(result.checks.filter((check) => !check.ok)).toEqual([]);
    }
  });

  // The script runs beside the server on PostgreSQL (the embedded database is one process's).
  it.skipIf(!onPostgres)(
    "npm run reconcile -- --upstreams finds the docked orders in each supplier's records",
    async () => {
      for (const platform of [b, c]) {
        const { stdout } = await run(
          process.execPath,
          ['--import', 'tsx', 'src/scripts/reconcile.ts', '--upstreams'],
          {
            env: {
              PATH: process.env.PATH ?? '',
              DATABASE_URL: platform.databaseUrl!,
              KEYS_SECRET: TEST_KEYS_SECRET,
              JWT_SECRET: 'x'.repeat(64),
              WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
              DATA_DIR: platform.server.dataDir,
            },
          },
        );
        expect(stdout).toMatch(
          /ok\s+upstream Next up the chain: 1 purchase\(s\) match the supplier's 1 order\(s\)\./,
        );
        expect(stdout).toContain('Reconciled: every check holds.');
      }
    },
  );
});
