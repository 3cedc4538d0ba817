import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Reconciliation } from '@keymarket/contracts/reconciliation';
import { expectError } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { freshPostgresDatabase, onPostgres } from './helpers/database';
import { addBalance, deposit, placedOrder, placeOrder, respond } from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';
import { insertUser } from '../src/modules/users/users.repository';
import { rowsOf } from '../src/db/client';

const { ctx, catalogue, admin, db } = useCatalogueApp();

const CHECKS = [
  'buckets_equal_ledger_sums',
  'buckets_equal_last_balance_after',
  'balance_after_chains',
  'no_negative_buckets',
  'movements_have_their_sign',
  'orders_paid_exactly',
  'keys_sold_once',
  'instant_orders_hold_their_keys',
  'docked_orders_hold_upstream_orders',
  'topups_credited_once',
  'money_created_only_by_deposits',
];

/** Runs the checks and stores the result (the dashboard's "Run now"). */
async function reconcile(): Promise<Reconciliation> {
  const response = await admin.inject({
    method: 'POST',
    url: '/api/admin/reconciliation',
    headers: { 'content-type': 'application/json' },
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Reconciliation>();
}

const failing = (result: Reconciliation) => result.checks.filter((c) => !c.ok).map((c) => c.name);
const checkOf = (result: Reconciliation, name: string) =>
  result.checks.find((c) => c.name === name)!;

/** Runs `change` (SQL that breaks an invariant), reconciles, then runs `undo`. */
async function corrupted(change: ReturnType<typeof sql>, undo: ReturnType<typeof sql>) {
  await db().execute(change);
  try {
    return await reconcile();
  } finally {
    await db().execute(undo);
  }
}

let manager: SignedInUser;
let reseller: SignedInUser;
let instantOrderId: string;

beforeAll(async () => {
  // Every kind of movement: deposit, transfer, purchase with a margin, refund, withdrawal.
  manager = await ctx.factory.signedIn('manager', admin.user);
  reseller = await ctx.factory.signedIn('reseller', manager.user);
  const instant = await catalogue.product({ keys: 3 });
  const request = await catalogue.product({ deliveryType: 'request', stock: 3 });
  await catalogue.sellerPrice(manager.user.id, instant.id, 1500n);
  await deposit(admin, manager.user.id, 100);
  expect((await addBalance(manager, reseller.user.id, 60)).statusCode).toBe(200);
  instantOrderId = (await placedOrder(reseller, instant.id, 2)).id;
  const pending = await placeOrder(reseller, { productId: request.id, quantity: 1 });
  await respond(admin, pending.json<{ id: string }>().id, { status: 'rejected', reason: 'None' });
  await placedOrder(reseller, request.id, 1);
});

describe('GET and POST /api/admin/reconciliation', () => {
  it('passes every check on a healthy database; POST stores the result for the dashboard, GET does not', async () => {
    const before = await admin.inject({ method: 'GET', url: '/api/admin/reconciliation/last' });
    expect(before.json()).toEqual({ last: null });
    const checked = await admin.inject({ method: 'GET', url: '/api/admin/reconciliation' });
    expect(checked.statusCode).toBe(200);
    expect(checked.json<Reconciliation>().ok).toBe(true);
    expect(checked.json<Reconciliation>().checks.map((c) => c.name)).toEqual(CHECKS);
    const stillNone = await admin.inject({ method: 'GET', url: '/api/admin/reconciliation/last' });
    expect(stillNone.json()).toEqual({ last: null });

    const result = await reconcile();
    expect(result.checks.map((c) => c.name)).toEqual(CHECKS);
    expect(failing(result)).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.checks.every((c) => c.rows.length === 0)).toBe(true);
    expect(Date.parse(result.checkedAt)).toBeGreaterThan(Date.now() - 60_000);

    const last = await admin.inject({ method: 'GET', url: '/api/admin/reconciliation/last' });
    expect(last.json()).toEqual({ last: result });
  });

  it('names the user whose bucket was changed by hand, without a ledger row', async () => {
    const result = await corrupted(
      sql`update users set balance_cents = balance_cents + 500 where id = ${reseller.user.id}`,
      sql`update users set balance_cents = balance_cents - 500 where id = ${reseller.user.id}`,
    );
    expect(result.ok).toBe(false);
    expect(failing(result)).toEqual([
      'buckets_equal_ledger_sums',
      'buckets_equal_last_balance_after',
      'money_created_only_by_deposits',
    ]);
    const sums = checkOf(result, 'buckets_equal_ledger_sums');
    expect(sums.detail).toBe('1 bucket(s) differ from the sum of their ledger rows.');
    expect(sums.rows).toEqual([
      {
        user_id: reseller.user.id,
        username: reseller.user.username,
        bucket: 'balance',
        bucket_cents: '2500',
        ledger_sum_cents: '2000',
      },
    ]);
    expect(checkOf(result, 'buckets_equal_last_balance_after').rows[0]).toMatchObject({
      username: reseller.user.username,
    });
    // The stored result is the failing one until the next run.
    const last = await admin.inject({ method: 'GET', url: '/api/admin/reconciliation/last' });
    expect(last.json<{ last: Reconciliation }>().last.ok).toBe(false);
    expect((await reconcile()).ok).toBe(true);
  });

  it('sees a broken running balance, a negative bucket and money made from nothing', async () => {
    const chain = await corrupted(
      sql`update ledger_entries set balance_after_cents = balance_after_cents + 1
          where user_id = ${manager.user.id} and kind = 'deposit'`,
      sql`update ledger_entries set balance_after_cents = balance_after_cents - 1
          where user_id = ${manager.user.id} and kind = 'deposit'`,
    );
    expect(failing(chain)).toEqual(['balance_after_chains']);
    expect(checkOf(chain, 'balance_after_chains').rows).toEqual([
      expect.objectContaining({ username: manager.user.username, bucket: 'balance' }),
      expect.objectContaining({ username: manager.user.username, bucket: 'balance' }),
    ]);

    const made = await corrupted(
      sql`update ledger_entries set kind = 'refund' where user_id = ${manager.user.id} and kind = 'deposit'`,
      sql`update ledger_entries set kind = 'deposit' where user_id = ${manager.user.id} and kind = 'refund'`,
    );
    expect(failing(made)).toEqual(['money_created_only_by_deposits']);

    const taken = await corrupted(
      sql`update ledger_entries set amount_cents = -amount_cents where user_id = ${manager.user.id} and kind = 'deposit'`,
      sql`update ledger_entries set amount_cents = -amount_cents where user_id = ${manager.user.id} and kind = 'deposit'`,
    );
    expect(failing(taken)).toContain('movements_have_their_sign');
    expect(checkOf(taken, 'movements_have_their_sign').rows[0]).toMatchObject({
      username: manager.user.username,
      kind: 'deposit',
      amount_cents: '-10000',
    });
  });

  it('sees an order paid twice, and keys sold wrongly', async () => {
    const paid = await corrupted(
      sql`update orders set total_cents = total_cents + 1 where id = ${instantOrderId}`,
      sql`update orders set total_cents = total_cents - 1 where id = ${instantOrderId}`,
    );
    expect(failing(paid)).toContain('orders_paid_exactly');
    expect(checkOf(paid, 'orders_paid_exactly').rows[0]).toMatchObject({
      order_id: instantOrderId,
      username: reseller.user.username,
    });

    const unsold = await corrupted(
      sql`update product_keys set order_id = null where id =
          (select id from product_keys where order_id = ${instantOrderId} order by id limit 1)`,
      sql`update product_keys set order_id = ${instantOrderId} where id =
          (select id from product_keys where sold_at is not null and order_id is null limit 1)`,
    );
    expect(failing(unsold)).toEqual(['instant_orders_hold_their_keys']);
    expect(checkOf(unsold, 'instant_orders_hold_their_keys').rows).toEqual([
      expect.objectContaining({ order_id: instantOrderId, quantity: 2, keys: 1 }),
    ]);
    expect((await reconcile()).ok).toBe(true);
  });

  it('is for administrators only', async () => {
    for (const url of ['/api/admin/reconciliation', '/api/admin/reconciliation/last']) {
      expectError(await manager.inject({ method: 'GET', url }), 403, 'forbidden');
    }
    expectError(
      await manager.inject({
        method: 'POST',
        url: '/api/admin/reconciliation',
        headers: { 'content-type': 'application/json' },
        payload: {},
      }),
      403,
      'forbidden',
    );
  });
});

describe.skipIf(!onPostgres)('npm run reconcile (PostgreSQL)', () => {
  it('prints each check, stores the result, and exits 1 naming the user when one fails', async () => {
    const { database, url } = await freshPostgresDatabase(process.env.DATABASE_URL!);
    const run = () =>
      promisify(execFile)('npx', ['tsx', 'src/scripts/reconcile.ts'], {
        env: { ...process.env, DATABASE_URL: url },
      });
    try {
      const healthy = await run();
      expect(healthy.stdout).toContain('ok   buckets_equal_ledger_sums');
      expect(healthy.stdout).toContain('Reconciled: every check holds.');

      await insertUser(database.db, {
        username: 'made_up_money',
        firstName: 'Made',
        lastName: 'Up',
        email: 'made_up_money@example.test',
        phone: '+33612345678',
        passwordHash: 'x',
        role: 'reseller',
        status: 'active',
        balanceCents: 700n,
      });
      const failed = await run().then(
        () => undefined,
        (error: { code: number; stdout: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stdout).toContain('FAIL buckets_equal_ledger_sums');
      expect(failed?.stdout).toContain('"username":"made_up_money"');
      const [stored] = await rowsOf<{ ok: string }>(
        database.db,
        sql`select value->>'ok' as ok from settings where key = 'reconciliation'`,
      );
      expect(stored?.ok).toBe('false');
    } finally {
      await database.close();
    }
  }, 120_000);
});
