import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@keymarket/contracts/balance';
import { messages } from '@keymarket/contracts/messages';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { expectLedgerInvariants } from './helpers/invariants';
import {
  balanceOf,
  bucketsOf,
  convertProfit,
  deposit,
  ledgerOf,
  moneySnapshot,
  placedOrder,
  respond,
} from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';

const { ctx, catalogue, admin, db } = useCatalogueApp();

function setMinimum(actor: SignedInUser, minProfitToConvert: unknown) {
  return actor.inject({
    method: 'POST',
    url: '/api/thresholds/update',
    payload: { minProfitToConvert },
  });
}

/**
 * A manager with a reseller under it whose instant purchases earn the manager `marginCents` of
 * profit (one unit at managerPrice 8.00 + margin). Returns both, signed in.
 */
async function managerWithProfit(marginCents: bigint) {
  const manager = await ctx.factory.signedIn('manager', admin.user);
  const reseller = await ctx.factory.signedIn('reseller', manager.user);
  if (marginCents > 0n) await earn(manager, reseller, marginCents);
  return { manager, reseller };
}

/**
 * `buyer` (an invitee of `seller`) buys one key that earns `seller` `marginCents`. The seller's own
 * cost is managerPrice 8.00 for a manager, resellerPrice 10.00 for a reseller under a manager.
 */
async function earn(seller: SignedInUser, buyer: SignedInUser, marginCents: bigint) {
  const product = await catalogue.product({ keys: 1 });
  const sellerCost = seller.user.role === 'manager' ? 800n : 1000n;
  await catalogue.sellerPrice(seller.user.id, product.id, sellerCost + marginCents);
  await deposit(admin, buyer.user.id, Number(sellerCost + marginCents) / 100);
  await placedOrder(buyer, product.id, 1);
}

describe('GET /api/thresholds and POST /api/thresholds/update', () => {
  afterEach(async () => {
    await setMinimum(admin, 10);
  });

  it('answers the default minimum of 10 to any signed-in user, 401 without a session', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const response = await reseller.inject({ method: 'GET', url: '/api/thresholds' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ minProfitToConvert: 10 });
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/thresholds' }),
      401,
      'unauthorized',
    );
  });

  it('lets the admin change the minimum, audited, and everyone reads the new value', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);

    const response = await setMinimum(admin, 25.5);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ minProfitToConvert: 25.5 });
    expect((await manager.inject({ method: 'GET', url: '/api/thresholds' })).json()).toEqual({
      minProfitToConvert: 25.5,
    });
    const audit = await admin.inject({ method: 'GET', url: '/api/audit?limit=1' });
    expect(audit.json<{ data: AuditEntry[] }>().data[0]).toMatchObject({
      action: 'thresholds.update',
      before: { minProfitToConvert: 10 },
      after: { minProfitToConvert: 25.5 },
    });
  });

  it('refuses managers and resellers with 403 and leaves the minimum alone', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const reseller = await ctx.factory.signedIn('reseller', manager.user);
    expectError(await setMinimum(manager, 1), 403, 'forbidden');
    expectError(await setMinimum(reseller, 1), 403, 'forbidden');
    expect((await admin.inject({ method: 'GET', url: '/api/thresholds' })).json()).toEqual({
      minProfitToConvert: 10,
    });
  });

  it.each([
    ['-1', -1],
    ['1.005', 1.005],
    ['"5" (a string)', '5'],
    ['null', null],
    ['1e12', 1e12],
  ])('refuses minimum %s with 400', async (_name, value) => {
    expectValidation(await setMinimum(admin, value), 'body.minProfitToConvert');
  });

  it.each([1e-9, 0.001])(
    'refuses a minimum of %s, which is not a whole cent, instead of keeping it',
    async (value) => {
      expectValidation(
        await setMinimum(admin, value),
        'body.minProfitToConvert',
        messages.amountDecimals,
      );
      expect((await admin.inject({ method: 'GET', url: '/api/thresholds' })).json()).toEqual({
        minProfitToConvert: 10,
      });
    },
  );

  it('accepts a minimum of 0', async () => {
    expect((await setMinimum(admin, 0)).json()).toEqual({ minProfitToConvert: 0 });
  });
});

describe('POST /api/thresholds/convert', () => {
  afterEach(async () => {
    await setMinimum(admin, 10);
  });

  it('moves the whole profit to the balance, with two conversion ledger rows', async () => {
    const { manager } = await managerWithProfit(1234n);
    await deposit(admin, manager.user.id, 5);

    const response = await convertProfit(manager);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ converted: 12.34, balance: 17.34, profit: 0 });
    expect(await balanceOf(manager)).toMatchObject({ current: 17.34, profit: 0 });
    const rows = await ledgerOf(db(), manager.user.id, 'conversion');
    expect(rows.map((r) => [r.bucket, r.amountCents, r.actorId])).toEqual([
      ['profit', -1234n, manager.user.id],
      ['balance', 1234n, manager.user.id],
    ]);
    await expectLedgerInvariants(db());
  });

  it('moves only `amount` when given, leaving the rest as profit', async () => {
    const { manager } = await managerWithProfit(1500n);

    const response = await convertProfit(manager, 10.5);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ converted: 10.5, balance: 10.5, profit: 4.5 });
    expect(await bucketsOf(db(), manager.user.id)).toEqual({ balance: 1050n, profit: 450n });
    await expectLedgerInvariants(db());
  });

  it('converts exactly at the minimum, and lets a reseller convert its own margins', async () => {
    const { manager, reseller } = await managerWithProfit(1000n);
    expect((await convertProfit(manager)).json()).toMatchObject({ converted: 10, profit: 0 });

    const subReseller = await ctx.factory.signedIn('reseller', reseller.user);
    await earn(reseller, subReseller, 1100n);
    // The reseller pays 10 (resellerPrice) to its manager; its invitee pays 10 + 11.
    expect((await bucketsOf(db(), reseller.user.id)).profit).toBe(1100n);
    const converted = await convertProfit(reseller);
    expect(converted.statusCode, converted.body).toBe(200);
    expect(converted.json()).toEqual({ converted: 11, balance: 11, profit: 0 });
    await expectLedgerInvariants(db());
  });

  it('refuses profit below the minimum with 409 below_threshold and changes nothing', async () => {
    const { manager } = await managerWithProfit(999n);
    const before = await moneySnapshot(db(), [manager.user.id]);

    expectError(await convertProfit(manager), 409, 'below_threshold');
    expectError(await convertProfit(manager, 5), 409, 'below_threshold');

    expect(await moneySnapshot(db(), [manager.user.id])).toEqual(before);
    const { manager: empty } = await managerWithProfit(0n);
    expectError(await convertProfit(empty), 409, 'below_threshold');
  });

  it('follows the admin’s minimum, and never converts a zero profit even with a minimum of 0', async () => {
    const { manager } = await managerWithProfit(500n);
    expectError(await convertProfit(manager), 409, 'below_threshold');
    await setMinimum(admin, 5);
    expect((await convertProfit(manager)).statusCode).toBe(200);

    await setMinimum(admin, 0);
    expectError(await convertProfit(manager), 409, 'below_threshold');
  });

  it('refuses with 409 pending_orders while one of the caller’s own orders is pending', async () => {
    const { manager } = await managerWithProfit(2000n);
    await deposit(admin, manager.user.id, 50);
    const request = await catalogue.product({ deliveryType: 'request', stock: 5 });
    const order = await placedOrder(manager, request.id, 1);
    const before = await moneySnapshot(db(), [manager.user.id]);

    expectError(await convertProfit(manager), 409, 'pending_orders');
    expect(await moneySnapshot(db(), [manager.user.id])).toEqual(before);

    await respond(admin, order.id, { status: 'rejected', reason: 'none left' });
    expect((await convertProfit(manager)).statusCode).toBe(200);
    await expectLedgerInvariants(db());
  });

  it('is not blocked by a pending order of its downline, however deep (DESIGN §5)', async () => {
    const { manager, reseller } = await managerWithProfit(2000n);
    const grandchild = await ctx.factory.signedIn('reseller', reseller.user);
    await deposit(admin, grandchild.user.id, 50);
    await deposit(admin, reseller.user.id, 50);
    const request = await catalogue.product({ deliveryType: 'request', stock: 5 });
    const deep = await placedOrder(grandchild, request.id, 1);
    await placedOrder(reseller, request.id, 1);

    const response = await convertProfit(manager);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ converted: 20, balance: 20, profit: 0 });
    // The downline order's margins arrive only when it completes, and can be converted then.
    await respond(admin, deep.id, { status: 'rejected', reason: 'none left' });
    expect(await bucketsOf(db(), manager.user.id)).toEqual({ balance: 2000n, profit: 0n });
    await expectLedgerInvariants(db());
  });

  it('names how many of the caller’s own orders are pending when it refuses', async () => {
    const { manager } = await managerWithProfit(2000n);
    await deposit(admin, manager.user.id, 50);
    const request = await catalogue.product({ deliveryType: 'request', stock: 5 });
    await placedOrder(manager, request.id, 1);
    await placedOrder(manager, request.id, 2);

    expectError(
      await convertProfit(manager, 15),
      409,
      'pending_orders',
      `${messages.failedToConvertProfit}: 2 of your orders are still pending`,
    );
  });

  it('refuses an amount below the minimum with 409 below_threshold, even with more profit', async () => {
    const { manager } = await managerWithProfit(2500n);
    const before = await moneySnapshot(db(), [manager.user.id]);

    expectError(
      await convertProfit(manager, 9.99),
      409,
      'below_threshold',
      'You can convert no less than $10.00 at a time',
    );

    expect(await moneySnapshot(db(), [manager.user.id])).toEqual(before);
    expect((await convertProfit(manager, 10)).json()).toEqual({
      converted: 10,
      balance: 10,
      profit: 15,
    });
    await expectLedgerInvariants(db());
  });

  it('is not blocked by a pending order of its own upline', async () => {
    const { manager, reseller } = await managerWithProfit(0n);
    const child = await ctx.factory.signedIn('reseller', reseller.user);
    await earn(reseller, child, 1200n);
    await deposit(admin, manager.user.id, 50);
    const request = await catalogue.product({ deliveryType: 'request', stock: 5 });
    await placedOrder(manager, request.id, 1);

    expect((await convertProfit(reseller)).statusCode).toBe(200);
  });

  it('refuses an amount above the profit with 400 and changes nothing', async () => {
    const { manager } = await managerWithProfit(1200n);
    const before = await moneySnapshot(db(), [manager.user.id]);

    expectValidation(await convertProfit(manager, 12.01), 'body.amount');

    expect(await moneySnapshot(db(), [manager.user.id])).toEqual(before);
  });

  it.each([
    ['0', 0],
    ['-5', -5],
    ['1.001', 1.001],
    ['"10"', '10'],
  ])('refuses amount %s with 400', async (_name, amount) => {
    const { manager } = await managerWithProfit(1200n);
    expectValidation(await convertProfit(manager, amount), 'body.amount');
    expect((await bucketsOf(db(), manager.user.id)).profit).toBe(1200n);
  });

  it.each([1e-9, 0.001])(
    'refuses amount %s, which rounds to 0 cents, with 400 even with a minimum of 0 (was a 500)',
    async (amount) => {
      await setMinimum(admin, 0);
      const { manager } = await managerWithProfit(1200n);
      const before = await moneySnapshot(db(), [manager.user.id]);

      expectValidation(
        await convertProfit(manager, amount),
        'body.amount',
        messages.amountDecimals,
      );

      expect(await moneySnapshot(db(), [manager.user.id])).toEqual(before);
    },
  );

  it('refuses an administrator with 403', async () => {
    expectError(await convertProfit(admin), 403, 'forbidden');
  });
});
