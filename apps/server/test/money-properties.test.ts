import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Order } from '@keymarket/contracts/orders';
import { orders, products, users } from '../src/db/schema/index';
import { actOnKey, freshKeys, importKeys, reportKey } from './helpers/after-sale';
import type { SignedInUser } from './helpers/factory';
import { expectLedgerInvariants } from './helpers/invariants';
import {
  addBalance,
  convertProfit,
  deliveryLines,
  placeOrder,
  removeBalance,
  respond,
} from './helpers/money';
import {
  INITIAL_KEYS,
  INITIAL_REQUEST_STOCK,
  INVITER,
  MoneyModel,
  scenarioArb,
  SELLER_PRICES,
  userSlots,
  type Expected,
  type Operation,
  type ProductSlot,
  type UserSlot,
} from './helpers/money-model';
import { productStock } from '../src/modules/stock/stock';
import { useCatalogueApp } from './helpers/catalogue-app';
import { profitOf } from '../src/modules/ledger/profit-accruals';

/**
 * Random sequences of money operations through the API against a fresh small tree each run.
 * After every step: the answer is exactly what the model of DESIGN.md §5 predicts (never a 500),
 * the tree's buckets and stocks equal the model's, and the whole database keeps its invariants.
 */

const { ctx, catalogue, admin, db } = useCatalogueApp();

interface World {
  users: Record<UserSlot, SignedInUser>;
  products: Record<ProductSlot, string>;
}

/** A fresh tree and catalogue, so runs never see each other's money (one app for them all). */
async function newWorld(): Promise<World> {
  const rows: Partial<Record<UserSlot, SignedInUser>> = {};
  for (const slot of userSlots) {
    const inviter = INVITER[slot] ? rows[INVITER[slot]]!.user : admin.user;
    const row = await ctx.factory.user({
      role: slot === 'manager' ? 'manager' : 'reseller',
      invitedBy: inviter,
    });
    rows[slot] = { user: row } as SignedInUser;
  }
  const signedIn = await Promise.all(userSlots.map((slot) => ctx.factory.signIn(rows[slot]!.user)));
  const world: World = {
    users: Object.fromEntries(userSlots.map((slot, i) => [slot, signedIn[i]!])) as World['users'],
    products: {
      instant: (await catalogue.product({ keys: INITIAL_KEYS })).id,
      request: (await catalogue.product({ deliveryType: 'request', stock: INITIAL_REQUEST_STOCK }))
        .id,
      backorder: (await catalogue.product({ allowBackorder: true })).id,
    },
  };
  for (const price of SELLER_PRICES) {
    await catalogue.sellerPrice(
      world.users[price.seller].user.id,
      world.products[price.product],
      price.cents,
    );
  }
  return world;
}

async function currentMinimumCents(): Promise<bigint> {
  const response = await admin.inject({ method: 'GET', url: '/api/thresholds' });
  return BigInt(
    Math.round(response.json<{ minProfitToConvert: number }>().minProfitToConvert * 100),
  );
}

const usd = (cents: number | bigint) => Number(cents) / 100;

function expectAnswer(response: LightMyRequestResponse, expected: Expected, op: Operation) {
  const where = `${JSON.stringify(op)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  const type =
    response.statusCode >= 400
      ? response.json<{ message: { type: string } }>().message.type
      : undefined;
  expect({ status: response.statusCode, type }, where).toEqual({
    status: expected.status,
    type: expected.type,
  });
}

/** Performs `op` through the API, checks the answer against the model, and moves the model. */
async function perform(world: World, model: MoneyModel, op: Operation) {
  const idOf = (slot: UserSlot) => world.users[slot].user.id;
  switch (op.kind) {
    case 'deposit': {
      expectAnswer(await addBalance(admin, idOf(op.user), usd(op.cents)), { status: 200 }, op);
      model.balance[op.user] += BigInt(op.cents);
      return;
    }
    case 'withdraw': {
      const expected = model.expectWithdraw(op);
      expectAnswer(await removeBalance(admin, idOf(op.user), usd(op.cents)), expected, op);
      if (expected.status === 200) model.balance[op.user] -= BigInt(op.cents);
      return;
    }
    case 'buy': {
      const expected = model.expectBuy(op);
      const response = await placeOrder(
        world.users[op.user],
        { productId: world.products[op.product], quantity: op.quantity },
        op.key ?? undefined,
      );
      expectAnswer(response, expected, op);
      if (expected.replayOf) {
        expect(response.json<Order>().id).toBe(expected.replayOf);
        expect(response.headers['idempotent-replayed']).toBe('true');
      } else if (expected.status === 201) {
        const order = response.json<Order>();
        model.applyBuy(op, order.id);
        const placed = model.orders.at(-1)!;
        expect(order.status).toBe(placed.status);
        expect(order.responseKeys?.length ?? 0).toBe(
          placed.status === 'completed' ? op.quantity : 0,
        );
      }
      return;
    }
    case 'complete':
    case 'reject':
    case 'cancel': {
      const order = model.pick(op.pick);
      if (!order) return;
      const expected = model.expectRespond(order, op);
      const response =
        op.kind === 'complete'
          ? await respond(admin, order.id, {
              status: 'completed',
              keys: deliveryLines(order.quantity + (op.wrongLines ? 1 : 0)),
            })
          : await respond(op.kind === 'cancel' ? world.users[order.buyer] : admin, order.id, {
              status: 'rejected',
              reason: op.kind,
            });
      expectAnswer(response, expected, op);
      if (expected.status === 200) model.applyRespond(order, op);
      return;
    }
    case 'transfer': {
      const expected = model.expectTransfer(op);
      expectAnswer(
        await addBalance(world.users[op.from], idOf(op.to), usd(op.cents)),
        expected,
        op,
      );
      if (expected.status === 200) {
        model.balance[op.from] -= BigInt(op.cents);
        model.balance[op.to] += BigInt(op.cents);
      }
      return;
    }
    case 'convert': {
      const expected = model.expectConvert(op);
      const response = await convertProfit(
        world.users[op.user],
        op.cents === null ? undefined : usd(op.cents),
      );
      expectAnswer(response, expected, op);
      if (expected.status === 200) {
        const moved = model.applyConvert(op);
        expect(response.json()).toEqual({
          converted: usd(moved),
          balance: usd(model.balance[op.user]),
          profit: usd(model.profit[op.user]),
        });
      }
      return;
    }
    case 'import': {
      const response = await importKeys(
        admin,
        world.products.backorder,
        freshKeys(op.count, 'PROP'),
      );
      expectAnswer(response, { status: 200 }, op);
      model.applyImport(op.count);
      return;
    }
    case 'report':
    case 'replace':
    case 'refund': {
      const order = model.pick(op.pick);
      if (!order) return;
      const body = { keyIndex: op.keyIndex };
      if (op.kind === 'report') {
        const expected = model.expectReport(order, op.keyIndex);
        const response = await reportKey(world.users[order.buyer], order.id, {
          ...body,
          reason: 'Does not redeem',
        });
        expectAnswer(response, expected, op);
        if (expected.status === 200) order.reported.add(op.keyIndex);
        return;
      }
      const expected =
        op.kind === 'replace'
          ? model.expectReplace(order, op.keyIndex)
          : model.expectRefund(order, op.keyIndex);
      expectAnswer(await actOnKey(admin, op.kind, order.id, body), expected, op);
      if (expected.status !== 200) return;
      if (op.kind === 'replace') model.applyReplace(order, op.keyIndex);
      else model.applyRefund(order, op.keyIndex);
      return;
    }
    case 'threshold': {
      const response = await admin.inject({
        method: 'POST',
        url: '/api/thresholds/update',
        payload: { minProfitToConvert: usd(op.cents) },
      });
      expectAnswer(response, { status: 200 }, op);
      model.minProfitCents = BigInt(op.cents);
      return;
    }
  }
}

/** The tree's buckets and the two products' stock, as the model has them. */
async function expectWorldMatchesModel(world: World, model: MoneyModel, op: Operation) {
  const ids = userSlots.map((slot) => world.users[slot].user.id);
  const rows = await db()
    .select({ id: users.id, balance: users.balanceCents, profit: profitOf() })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const actual = Object.fromEntries(
    userSlots.map((slot) => {
      const row = byId.get(world.users[slot].user.id)!;
      return [slot, { balance: row.balance, profit: row.profit }];
    }),
  );
  const expected = Object.fromEntries(
    userSlots.map((slot) => [slot, { balance: model.balance[slot], profit: model.profit[slot] }]),
  );
  expect(actual, `buckets after ${JSON.stringify(op)}`).toEqual(expected);

  const stock = await db()
    .select({ id: products.id, stock: productStock })
    .from(products)
    .where(inArray(products.id, Object.values(world.products)));
  const stockOf = (slot: ProductSlot) => stock.find((s) => s.id === world.products[slot])!.stock;
  expect({
    instant: stockOf('instant'),
    request: stockOf('request'),
    backorder: stockOf('backorder'),
  }).toEqual(model.stock);
  // Each order's state as the model has it (a backorder filled by an import, for one).
  const states = await db()
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(
      inArray(
        orders.id,
        model.orders.map((o) => o.id).concat(['00000000-0000-4000-8000-000000000000']),
      ),
    );
  const statusOf = new Map(states.map((row) => [row.id, row.status]));
  expect(model.orders.map((o) => statusOf.get(o.id))).toEqual(model.orders.map((o) => o.status));
}

describe('money properties over random operation sequences', () => {
  it('every answer is the model’s, never a 500, and the ledger invariants hold after every step', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ minimumCents, openingCents, operations }) => {
        const world = await newWorld();
        const model = new MoneyModel(await currentMinimumCents());
        const opening: Operation[] = [
          { kind: 'threshold', cents: minimumCents },
          ...userSlots
            .map((slot, i) => ({ kind: 'deposit' as const, user: slot, cents: openingCents[i]! }))
            .filter((op) => op.cents > 0),
          // A first sale down the whole chain, so margins exist to convert early in the run.
          { kind: 'buy', user: 'r3', product: 'instant', quantity: 1, key: null },
        ];
        for (const [i, op] of [...opening, ...operations].entries()) {
          await perform(world, model, op);
          await expectWorldMatchesModel(world, model, op);
          // Every other step folds the sales' margins in; the rest leave them pending, so
          // conversions, refunds and statements meet margins both ways.
          await expectLedgerInvariants(db(), { fold: i % 2 === 0 });
        }
      }),
      { numRuns: 30 },
    );
    // Thirty random sequences through the real HTTP layer: minutes on a busy 2-core machine.
  }, 600_000);
});
