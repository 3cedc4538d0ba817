import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderStatement, placeOrder } from '../src/modules/orders/place-order';
import type { Database } from '../src/db/client';
import { useCatalogueApp } from './helpers/catalogue-app';
import { onPostgres } from './helpers/database';
import { expectLedgerInvariants } from './helpers/invariants';
import { nestedPlans } from './helpers/nested-plans';
import { bucketsOf, fundedReseller, queryRows, stockOf, unsoldKeysOf } from './helpers/money';
import { orderPlan as plan } from './helpers/order-plan';

/**
 * An order is written by one call of `place_order` (migration 0026), which refuses the order
 * (SQLSTATE KM001) when a step falls short. The service checks stock and price beforehand, so these drive the statement directly
 * with plans that only a race could produce, and check that a refusal leaves nothing behind.
 */
describe('the order statement: all of an order or nothing', () => {
  const app = useCatalogueApp();
  const { db } = app;

  /** Rows an order writes, anywhere: a refused order must leave each of these as it was. */
  async function footprint(buyerId: string, productId: string) {
    const [row] = await queryRows<{
      orders: number;
      ledger: number;
      audit: number;
      changes: number;
      idempotency: number;
      accruals: number;
    }>(
      db(),
      sql`select
        (select count(*)::int from orders where buyer_id = ${buyerId}) as orders,
        (select count(*)::int from ledger_entries) as ledger,
        (select count(*)::int from audit_log) as audit,
        (select count(*)::int from product_stock_changes where product_id = ${productId}) as changes,
        (select count(*)::int from idempotency_keys where user_id = ${buyerId}) as idempotency,
        (select count(*)::int from profit_accruals) as accruals`,
    );
    return {
      ...row!,
      buckets: await bucketsOf(db(), buyerId),
      stock: await stockOf(db(), productId),
      unsold: await unsoldKeysOf(db(), productId),
    };
  }

  /** A buyer with `balance`, a seller of its own and a product with `keys` keys. */
  async function sale(balance: number, keys: number) {
    const buyer = await fundedReseller(app.ctx.factory, app.admin, balance);
    const seller = await fundedReseller(app.ctx.factory, app.admin, 0);
    const product = await app.catalogue.product({ keys });
    return { buyer, seller, product, before: await footprint(buyer.user.id, product.id) };
  }

  it('writes the order, its keys, the debit, the stock change, the audit row and the profit', async () => {
    const { buyer, seller, product, before } = await sale(50, 4);

    const placed = await placeOrder(
      db(),
      plan(buyer.user.id, product, 3, { sellerId: seller.user.id, sellerCostCents: 960n }),
    );

    expect('refused' in placed).toBe(false);
    if ('refused' in placed) return;
    expect(placed.keys).toHaveLength(3);
    expect(placed.order.createdAt).toBeInstanceOf(Date);
    const after = await footprint(buyer.user.id, product.id);
    expect(after).toMatchObject({
      orders: before.orders + 1,
      ledger: before.ledger + 1, // the debit
      accruals: before.accruals + 1, // the seller's margin, until it is folded into its ledger
      audit: before.audit + 1,
      changes: before.changes + 1,
      stock: 1,
      unsold: 1,
    });
    expect(after.buckets.balance).toBe(before.buckets.balance - 3000n);
    expect((await bucketsOf(db(), seller.user.id)).profit).toBe(120n);
    await expectLedgerInvariants(db());
  });

  it('refuses fewer keys than claimed and leaves nothing behind', async () => {
    const { buyer, seller, product, before } = await sale(100, 2);

    const placed = await placeOrder(
      db(),
      plan(buyer.user.id, product, 3, { sellerId: seller.user.id, sellerCostCents: 900n }),
    );

    expect(placed).toEqual({ refused: 'out_of_stock' });
    expect(await footprint(buyer.user.id, product.id)).toEqual(before);
    expect((await bucketsOf(db(), seller.user.id)).profit).toBe(0n);
    await expectLedgerInvariants(db());
  });

  // The balance is checked before the stock: with both short, the balance is the reason.
  it.each([
    {
      short: 'the balance (the keys stay unsold)',
      balance: 20,
      stock: 'keys',
      refused: 'insufficient_balance',
    },
    {
      short: 'both the balance and the stock',
      balance: 10,
      stock: 'request',
      refused: 'insufficient_balance',
    },
    { short: "a request product's stock", balance: 100, stock: 'request', refused: 'out_of_stock' },
  ] as const)('refuses when $short falls short: $refused, nothing written', async (c) => {
    const buyer = await fundedReseller(app.ctx.factory, app.admin, c.balance);
    const product =
      c.stock === 'keys'
        ? await app.catalogue.product({ keys: 5 })
        : await app.catalogue.product({ deliveryType: 'request', stock: 1 });
    const before = await footprint(buyer.user.id, product.id);

    const quantity = c.stock === 'keys' ? 3 : 2;
    expect(await placeOrder(db(), plan(buyer.user.id, product, quantity))).toEqual({
      refused: c.refused,
    });
    expect(await footprint(buyer.user.id, product.id)).toEqual(before);
  });

  it('refuses an Idempotency-Key already recorded, writing nothing more', async () => {
    const buyer = await fundedReseller(app.ctx.factory, app.admin, 100);
    const product = await app.catalogue.product({ keys: 5 });
    const key = `statement-${randomUUID()}`;
    const first = await placeOrder(db(), plan(buyer.user.id, product, 1, { idempotencyKey: key }));
    expect('refused' in first).toBe(false);
    const before = await footprint(buyer.user.id, product.id);

    expect(
      await placeOrder(db(), plan(buyer.user.id, product, 1, { idempotencyKey: key })),
    ).toEqual({ refused: 'idempotency_key_taken' });
    expect(await footprint(buyer.user.id, product.id)).toEqual(before);
  });

  it.skipIf(!onPostgres)(
    'forces generic plans on the pools of named statements only (order path, batched reads)',
    async () => {
      const setting = async (on: Database) =>
        (
          await queryRows<{ mode: string }>(
            on,
            sql`select current_setting('plan_cache_mode') as mode`,
          )
        )[0]!.mode;
      expect(await setting(app.ctx.database.preparedStatements)).toBe('force_generic_plan');
      expect(await setting(app.ctx.database.batchedReads)).toBe('force_generic_plan');
      expect(await setting(db())).toBe('auto');
    },
  );

  it.skipIf(!onPostgres)(
    'claims keys by id in its generic plan too, never scanning every key',
    async () => {
      // The pool plans named statements once, generically (db/client.ts), and so does PL/pgSQL
      // for the statements of `claim_keys`: with the LIMIT unknown, a join or `id in (…)` let
      // that plan scan the whole table. Enough keys for the planner to care.
      const buyer = await fundedReseller(app.ctx.factory, app.admin, 100);
      const product = await app.catalogue.product({ keys: 3000 });
      for (let i = 0; i < 4; i += 1) await app.catalogue.product({ keys: 2000 });
      await db().execute(sql`analyze product_keys`);
      const plans = await nestedPlans(db(), orderStatement(plan(buyer.user.id, product, 1)));
      expect(plans).toMatch(/Index Scan using product_keys_unsold_idx/);
      expect(plans).not.toMatch(/Seq Scan on product_keys/);
    },
  );

  it.skipIf(!onPostgres)(
    "looks a chain order's sellers up one by one in its generic plan, never hashing every user",
    async () => {
      // The generic plan guesses a hundred margins; joined to users it hashed the whole table,
      // a cost that grew with the platform's users on every chain order.
      const buyer = await fundedReseller(app.ctx.factory, app.admin, 100);
      const seller = await fundedReseller(app.ctx.factory, app.admin, 0);
      for (let i = 0; i < 40; i += 1) await fundedReseller(app.ctx.factory, app.admin, 0);
      await db().execute(sql`analyze users`);
      const product = await app.catalogue.product({ keys: 2 });
      const chain = plan(buyer.user.id, product, 1, {
        sellerId: seller.user.id,
        sellerCostCents: 800n,
      });
      const plans = await nestedPlans(db(), orderStatement(chain));
      const accrual = plans.slice(plans.indexOf('Insert on profit_accruals'));
      // Per margin, a lookup of one row (an index or, while users fit a page or two, a scan).
      expect(accrual).toMatch(/Nested Loop[^\n]*\n[^\n]*jsonb_to_recordset m[^\n]*\n[^\n]*users u/);
      expect(accrual).not.toMatch(/Hash/);
    },
  );
});
