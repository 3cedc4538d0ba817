import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { LedgerList } from '@keymarket/contracts/ledger';
import type { NotificationList } from '@keymarket/contracts/notifications';
import { startBackgroundFold } from '../src/db/background-fold';
import { foldProfitAccruals } from '../src/modules/ledger/profit-accruals';
import { useCatalogueApp } from './helpers/catalogue-app';
import type { SignedInUser } from './helpers/factory';
import { expectLedgerInvariants } from './helpers/invariants';
import { balanceOf, bucketsOf, deposit, placedOrder, queryRows } from './helpers/money';

/**
 * Margins of chain sales wait in `profit_accruals` until a fold enters them into the sellers'
 * buckets and ledgers (src/modules/ledger/profit-accruals.ts): what every reader sees meanwhile,
 * and what the fold writes.
 */
describe('margins appended by sales and folded into profit', () => {
  const { ctx, catalogue, admin, db } = useCatalogueApp();

  /** A manager selling at 12.00 what costs it 8.00, and a funded reseller below it. */
  async function chain() {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const reseller = await ctx.factory.signedIn('reseller', manager.user);
    await deposit(admin, reseller.user.id, 100);
    const product = await catalogue.product({ keys: 10 });
    await catalogue.sellerPrice(manager.user.id, product.id, 1200n);
    return { manager, reseller, product };
  }

  const accrualsOf = (userId: string) =>
    queryRows<{ amount: string; order_id: string }>(
      db(),
      sql`select amount_cents::text as amount, order_id from profit_accruals
          where user_id = ${userId} order by id`,
    );
  const profitRowsOf = (userId: string) =>
    queryRows<{ amount: string; after: string; order_id: string }>(
      db(),
      sql`select amount_cents::text as amount, balance_after_cents::text as after, order_id
          from ledger_entries where user_id = ${userId} and bucket = 'profit'
          order by created_at, id`,
    );
  const unreadProfitOf = async (user: SignedInUser) =>
    (await user.inject({ method: 'GET', url: '/api/notifications?unread=true&limit=100' }))
      .json<NotificationList>()
      .data.filter((n) => n.type === 'profit.credited');

  it('a sale appends its margin: the profit shows it at once, the ledger once the fold ran', async () => {
    const { manager, reseller, product } = await chain();
    const first = await placedOrder(reseller, product.id, 2);
    const second = await placedOrder(reseller, product.id, 1);

    // Pending: no ledger row, no bucket change, but every profit figure includes it.
    expect(await accrualsOf(manager.user.id)).toEqual([
      { amount: '800', order_id: first.id },
      { amount: '400', order_id: second.id },
    ]);
    expect(await profitRowsOf(manager.user.id)).toEqual([]);
    expect((await balanceOf(manager)).profit).toBe(12);
    expect((await bucketsOf(db(), manager.user.id)).profit).toBe(1200n);
    const v1 = await manager.inject({ method: 'GET', url: '/api/users/me' });
    expect(v1.json<{ balance: { profit: number } }>().balance.profit).toBe(12);
    expect(await unreadProfitOf(manager)).toEqual([]);
    await expectLedgerInvariants(db(), { fold: false });

    // The background fold of the server's timer enters them, in sale order.
    const stop = startBackgroundFold('profit', foldProfitAccruals, db(), ctx.app.log, 10);
    try {
      await vi.waitFor(async () => expect(await accrualsOf(manager.user.id)).toEqual([]), {
        timeout: 5000,
        interval: 20,
      });
    } finally {
      await stop();
    }
    expect(await profitRowsOf(manager.user.id)).toEqual([
      { amount: '800', after: '800', order_id: first.id },
      { amount: '400', after: '1200', order_id: second.id },
    ]);
    const [bucket] = await queryRows<{ profit: string }>(
      db(),
      sql`select profit_cents::text as profit from users where id = ${manager.user.id}`,
    );
    expect(bucket!.profit).toBe('1200');
    expect((await balanceOf(manager)).profit).toBe(12);
    // One notification for the fold's two sales.
    expect(await unreadProfitOf(manager)).toEqual([
      expect.objectContaining({ data: { amount: 12, orders: 2 } }),
    ]);
    await expectLedgerInvariants(db());
  });

  it('a statement read enters the pending margins first, after the rows already folded', async () => {
    const { manager, reseller, product } = await chain();
    await placedOrder(reseller, product.id, 1);
    expect(await foldProfitAccruals(db())).toBe(1);
    const later = await placedOrder(reseller, product.id, 3);
    expect(await accrualsOf(manager.user.id)).toHaveLength(1);

    const response = await manager.inject({ method: 'GET', url: '/api/ledger?bucket=profit' });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response.json<LedgerList>().data.map((e) => [e.amount, e.balanceAfter, e.orderId]),
    ).toEqual([
      [12, 16, later.id],
      [4, 4, expect.any(String)],
    ]);
    expect(await accrualsOf(manager.user.id)).toEqual([]);
    await expectLedgerInvariants(db());
  });

  it('a fold with nothing pending writes nothing', async () => {
    await foldProfitAccruals(db());
    const before = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_entries`,
    );
    expect(await foldProfitAccruals(db())).toBe(0);
    const after = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_entries`,
    );
    expect(after).toEqual(before);
  });
});
