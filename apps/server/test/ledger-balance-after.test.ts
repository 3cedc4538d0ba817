import { describe, expect, it } from 'vitest';
import type { Order } from '@keymarket/contracts/orders';
import { expectBalanceAfterChains, expectLedgerInvariants } from './helpers/invariants';
import {
  addBalance,
  convertProfit,
  deposit,
  ledgerOf,
  placeOrder,
  placedOrder,
  removeBalance,
  respond,
} from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';

const { ctx, catalogue, admin, db } = useCatalogueApp();

/** A user's ledger rows as [bucket, kind, amount, balance after], oldest first. */
async function statementOf(userId: string) {
  const rows = await ledgerOf(db(), userId);
  return rows.map((r) => [r.bucket, r.kind, r.amountCents, r.balanceAfterCents]);
}

describe('balance after on every ledger row', () => {
  it('is written by every kind of movement: deposit, transfer, purchase, profit, refund, conversion, withdrawal', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const reseller = await ctx.factory.signedIn('reseller', manager.user);
    const instant = await catalogue.product({ keys: 1 });
    const request = await catalogue.product({ deliveryType: 'request', stock: 5 });
    await catalogue.sellerPrice(manager.user.id, instant.id, 2000n);

    await deposit(admin, manager.user.id, 100);
    expect((await addBalance(manager, reseller.user.id, 50)).statusCode).toBe(200);
    await placedOrder(reseller, instant.id, 1);
    const pending = await placeOrder(reseller, { productId: request.id, quantity: 1 });
    expect(pending.statusCode, pending.body).toBe(201);
    const requestCents = BigInt(Math.round(pending.json<Order>().totalAmount * 100));
    const rejected = await respond(admin, pending.json<Order>().id, {
      status: 'rejected',
      reason: 'Out of accounts',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await convertProfit(manager)).statusCode).toBe(200);
    expect((await removeBalance(admin, reseller.user.id, 10)).statusCode).toBe(200);

    expect(await statementOf(manager.user.id)).toEqual([
      ['balance', 'deposit', 10000n, 10000n],
      ['balance', 'transfer', -5000n, 5000n],
      ['profit', 'profit', 1200n, 1200n],
      ['profit', 'conversion', -1200n, 0n],
      ['balance', 'conversion', 1200n, 6200n],
    ]);
    expect(await statementOf(reseller.user.id)).toEqual([
      ['balance', 'transfer', 5000n, 5000n],
      ['balance', 'purchase', -2000n, 3000n],
      ['balance', 'purchase', -requestCents, 3000n - requestCents],
      ['balance', 'refund', requestCents, 3000n],
      ['balance', 'withdrawal', -1000n, 2000n],
    ]);
    await expectBalanceAfterChains(db());
    await expectLedgerInvariants(db());
  });
});
