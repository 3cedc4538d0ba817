import { messageTemplateOf } from '@keymarket/contracts/messages';
import type { Order } from '@keymarket/contracts/orders';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../src/db/schema/index';
import { actOnKey, twoSellerChain } from './helpers/after-sale';
import { useCatalogueApp } from './helpers/catalogue-app';
import { expectError } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { expectBalanceAfterChains, expectLedgerInvariants } from './helpers/invariants';
import {
  addBalance,
  bucketsOf,
  convertProfit,
  deposit,
  ledgerOf,
  moneySnapshot,
  placedOrder,
} from './helpers/money';

/**
 * One unit refunded along a chain of two sellers (DESIGN.md §11): admin → manager ($12) →
 * reseller ($15) → buyer. The buyer gets $15 back; the reseller gives back its $3 and the manager
 * its $4, each from its profit and, where that falls short, its balance; refused, naming the
 * seller, when both fall short.
 */
const app = useCatalogueApp();
const { admin, db } = app;

beforeAll(async () => {
  // Sellers convert their profit in these tests, whatever they hold.
  const minimum = await admin.inject({
    method: 'POST',
    url: '/api/thresholds/update',
    payload: { minProfitToConvert: 1 },
  });
  expect(minimum.statusCode, minimum.body).toBe(200);
});

/** A chain whose buyer bought `quantity` units: the buyer paid $15 each, sellers earned theirs. */
async function boughtAlongTwoSellers(quantity: number) {
  const chain = await twoSellerChain(app, quantity);
  const order = await placedOrder(chain.buyer, chain.product.id, quantity);
  expect(order.status).toBe('completed');
  expect(await bucketsOf(db(), chain.buyer.user.id)).toEqual({
    balance: 10000n - 1500n * BigInt(quantity),
    profit: 0n,
  });
  expect(await bucketsOf(db(), chain.reseller.user.id)).toEqual({
    balance: 0n,
    profit: 300n * BigInt(quantity),
  });
  expect(await bucketsOf(db(), chain.manager.user.id)).toEqual({
    balance: 0n,
    profit: 400n * BigInt(quantity),
  });
  return { ...chain, order };
}

/** The order's refund rows (`refund_unit`, `margin_reversal`), in ledger order. */
async function refundRowsOf(orderId: string) {
  const rows = await db()
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.orderId, orderId),
        inArray(ledgerEntries.kind, ['refund_unit', 'margin_reversal']),
      ),
    )
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  return rows.map((r) => ({
    userId: r.userId,
    kind: r.kind,
    bucket: r.bucket,
    amountCents: r.amountCents,
    balanceAfterCents: r.balanceAfterCents,
    actorId: r.actorId,
    counterpartyId: r.counterpartyId,
  }));
}

/**
 * Each of `user`'s ledger rows, bucket by bucket in ledger order, holds the previous row's balance
 * after plus its amount, and the last one the bucket itself.
 */
async function expectChainedLedger(user: SignedInUser) {
  const running = { balance: 0n, profit: 0n };
  for (const row of await ledgerOf(db(), user.user.id)) {
    running[row.bucket] += row.amountCents;
    expect(row.balanceAfterCents, `${row.kind} of ${user.user.username}`).toBe(running[row.bucket]);
  }
  expect(await bucketsOf(db(), user.user.id)).toEqual(running);
}

const reversal = (
  seller: SignedInUser,
  buyer: SignedInUser,
  bucket: 'balance' | 'profit',
  amountCents: bigint,
  balanceAfterCents: bigint,
) => ({
  userId: seller.user.id,
  kind: 'margin_reversal',
  bucket,
  amountCents,
  balanceAfterCents,
  actorId: admin.user.id,
  counterpartyId: buyer.user.id,
});

const unitRefund = (buyer: SignedInUser, balanceAfterCents: bigint) => ({
  userId: buyer.user.id,
  kind: 'refund_unit',
  bucket: 'balance',
  amountCents: 1500n,
  balanceAfterCents,
  actorId: admin.user.id,
  counterpartyId: null,
});

describe('a unit refund along a two-seller chain', () => {
  it("gives the buyer the unit price back and takes each seller's margin for it from its profit", async () => {
    const { buyer, reseller, manager, order } = await boughtAlongTwoSellers(3);

    const refunded = await actOnKey(admin, 'refund', order.id, { keyIndex: 2 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<Order>().keyStates).toEqual(['delivered', 'delivered', 'refunded']);

    expect(await bucketsOf(db(), buyer.user.id)).toEqual({ balance: 7000n, profit: 0n });
    expect(await bucketsOf(db(), reseller.user.id)).toEqual({ balance: 0n, profit: 600n });
    expect(await bucketsOf(db(), manager.user.id)).toEqual({ balance: 0n, profit: 800n });
    // The buyer first, then the sellers nearest the buyer first: the lock order.
    expect(await refundRowsOf(order.id)).toEqual([
      unitRefund(buyer, 7000n),
      reversal(reseller, buyer, 'profit', -300n, 600n),
      reversal(manager, buyer, 'profit', -400n, 800n),
    ]);
    for (const user of [buyer, reseller, manager]) await expectChainedLedger(user);
    await expectLedgerInvariants(db());
  });

  it("takes a margin from a seller's balance where its profit falls short, for each seller", async () => {
    const { buyer, reseller, manager, order } = await boughtAlongTwoSellers(3);
    // The reseller converts all of its $9, the manager $10 of its $12.
    expect((await convertProfit(reseller)).statusCode).toBe(200);
    expect((await convertProfit(manager, 10)).statusCode).toBe(200);
    expect(await bucketsOf(db(), reseller.user.id)).toEqual({ balance: 900n, profit: 0n });
    expect(await bucketsOf(db(), manager.user.id)).toEqual({ balance: 1000n, profit: 200n });

    const refunded = await actOnKey(admin, 'refund', order.id, { keyIndex: 0 });
    expect(refunded.statusCode, refunded.body).toBe(200);

    expect(await bucketsOf(db(), buyer.user.id)).toEqual({ balance: 7000n, profit: 0n });
    // The reseller's $3 all from its balance; the manager's $4 as $2 of profit and $2 of balance.
    expect(await bucketsOf(db(), reseller.user.id)).toEqual({ balance: 600n, profit: 0n });
    expect(await bucketsOf(db(), manager.user.id)).toEqual({ balance: 800n, profit: 0n });
    expect(await refundRowsOf(order.id)).toEqual([
      unitRefund(buyer, 7000n),
      reversal(reseller, buyer, 'balance', -300n, 600n),
      reversal(manager, buyer, 'profit', -200n, 0n),
      reversal(manager, buyer, 'balance', -200n, 800n),
    ]);
    for (const user of [buyer, reseller, manager]) await expectChainedLedger(user);
    await expectBalanceAfterChains(db());
    await expectLedgerInvariants(db());
  });

  it('refuses, naming the seller, when both its profit and its balance fall short, and changes nothing', async () => {
    const { buyer, reseller, manager, order } = await boughtAlongTwoSellers(2);
    const everyone = [buyer.user.id, reseller.user.id, manager.user.id];
    const refundRefusedNaming = async (seller: SignedInUser, amount: string) => {
      const before = await moneySnapshot(db(), everyone);
      const refused = expectError(
        await actOnKey(admin, 'refund', order.id, { keyIndex: 1 }),
        409,
        'conflict',
      );
      expect(messageTemplateOf(refused.message.text)).toEqual({
        key: 'marginShortfall',
        values: { seller: seller.user.username, amount },
      });
      // Nothing written, not even the reversals of the sellers before the one that fell short.
      expect(await moneySnapshot(db(), everyone)).toEqual(before);
      expect(await refundRowsOf(order.id)).toEqual([]);
      const seen = await admin.inject({ method: 'GET', url: `/api/orders/${order.id}` });
      expect(seen.json<Order>().keyStates).toEqual(['delivered', 'delivered']);
    };

    // The manager converts its $8 and hands it all to the reseller: nothing left for its $4.
    expect((await convertProfit(manager)).statusCode).toBe(200);
    expect((await addBalance(manager, reseller.user.id, 8)).statusCode).toBe(200);
    expect(await bucketsOf(db(), manager.user.id)).toEqual({ balance: 0n, profit: 0n });
    // The reseller could give back its $3; the manager, further up, cannot.
    await refundRefusedNaming(manager, '$4.00');

    // The reseller converts its $6 and hands its $14 to the buyer: it falls short first.
    expect((await convertProfit(reseller)).statusCode).toBe(200);
    expect((await addBalance(reseller, buyer.user.id, 14)).statusCode).toBe(200);
    expect(await bucketsOf(db(), reseller.user.id)).toEqual({ balance: 0n, profit: 0n });
    await refundRefusedNaming(reseller, '$3.00');

    // Both funded again: the same unit is refunded, each margin from its seller's balance.
    await deposit(admin, reseller.user.id, 3);
    await deposit(admin, manager.user.id, 4);
    const refunded = await actOnKey(admin, 'refund', order.id, { keyIndex: 1 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    // $100 − 2 × $15 + $14 from the reseller + $15 back.
    expect(await bucketsOf(db(), buyer.user.id)).toEqual({ balance: 9900n, profit: 0n });
    expect(await refundRowsOf(order.id)).toEqual([
      unitRefund(buyer, 9900n),
      reversal(reseller, buyer, 'balance', -300n, 0n),
      reversal(manager, buyer, 'balance', -400n, 0n),
    ]);
    for (const user of [buyer, reseller, manager]) await expectChainedLedger(user);
    await expectLedgerInvariants(db());
  });
});
