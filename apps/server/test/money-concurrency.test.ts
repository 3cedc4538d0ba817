import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Order } from '@keymarket/contracts/orders';
import { ledgerEntries, orders } from '../src/db/schema/index';
import type { UserRow } from '../src/modules/users/users.repository';
import { onPostgres } from './helpers/database';
import { expectError } from './helpers/expect-error';
import { expectLedgerInvariants } from './helpers/invariants';
import {
  addBalance,
  bucketsOf,
  convertProfit,
  deliveryLines,
  deposit,
  ordersOf,
  placedOrder,
  placeOrder,
  queryRows,
  respond,
  stockOf,
  unsoldKeysOf,
} from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';
import { foldProfitAccruals } from '../src/modules/ledger/profit-accruals';

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);
const count = (responses: LightMyRequestResponse[], status: number) =>
  responses.filter((r) => r.statusCode === status).length;
const typeOf = (response: LightMyRequestResponse) =>
  response.json<{ message: { type: string } }>().message.type;

// PGlite has a single connection, so requests queue one behind the other and a race proves
// nothing there. These run against a real PostgreSQL only.
describe.skipIf(!onPostgres)('money under concurrent requests (PostgreSQL)', () => {
  const { ctx, catalogue, admin, db } = useCatalogueApp();

  /** `n` signed-in users of `role` under `inviter`, created and signed in in parallel. */
  const many = (n: number, role: 'manager' | 'reseller', inviter: UserRow) =>
    Promise.all(Array.from({ length: n }, () => ctx.factory.signedIn(role, inviter)));

  it('(a) 60 purchases at once on a balance covering 20: exactly 20 succeed, balance ends at 0', async () => {
    const buyer = await ctx.factory.signedIn('reseller', admin.user);
    await deposit(admin, buyer.user.id, 200);
    const product = await catalogue.product({ keys: 100 });

    const responses = await Promise.all(
      Array.from({ length: 60 }, () => placeOrder(buyer, { productId: product.id, quantity: 1 })),
    );

    expect(count(responses, 201), statuses(responses).join()).toBe(20);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(40);
    for (const r of refused) expectError(r, 409, 'insufficient_balance');
    expect(await bucketsOf(db(), buyer.user.id)).toEqual({ balance: 0n, profit: 0n });
    expect(await ordersOf(db(), buyer.user.id)).toHaveLength(20);
    expect(await unsoldKeysOf(db(), product.id)).toBe(80);
    await expectLedgerInvariants(db());
  });

  it('(b) 60 buyers at once for 25 keys: exactly 25 succeed, no key sold twice, stock 0', async () => {
    const buyers = await many(60, 'reseller', admin.user);
    await Promise.all(buyers.map((b) => deposit(admin, b.user.id, 20)));
    const product = await catalogue.product({ keys: 25 });

    const responses = await Promise.all(
      buyers.map((b) => placeOrder(b, { productId: product.id, quantity: 1 })),
    );

    expect(count(responses, 201), statuses(responses).join()).toBe(25);
    for (const r of responses.filter((x) => x.statusCode !== 201)) {
      expectError(r, 409, 'out_of_stock');
    }
    const delivered = responses
      .filter((r) => r.statusCode === 201)
      .flatMap((r) => r.json<Order>().responseKeys!);
    expect(delivered).toHaveLength(25);
    expect(new Set(delivered).size).toBe(25);
    expect(await stockOf(db(), product.id)).toBe(0);
    expect(await unsoldKeysOf(db(), product.id)).toBe(0);
    // Losers paid nothing.
    const balances = await Promise.all(buyers.map((b) => bucketsOf(db(), b.user.id)));
    expect(balances.filter((b) => b.balance === 1000n)).toHaveLength(25);
    expect(balances.filter((b) => b.balance === 2000n)).toHaveLength(35);
    await expectLedgerInvariants(db());
  });

  it('(c) complete, reject and cancel racing on one pending order, 10 rounds: exactly one wins each time', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const product = await catalogue.product({ deliveryType: 'request', stock: 100 });
    await catalogue.sellerPrice(manager.user.id, product.id, 1100n); // margin 3.00 a unit

    for (let round = 0; round < 10; round += 1) {
      const buyer = await ctx.factory.signedIn('reseller', manager.user);
      await deposit(admin, buyer.user.id, 50);
      const order = await placedOrder(buyer, product.id, 2);

      const racers = [
        () => respond(admin, order.id, { status: 'completed', keys: deliveryLines(2) }),
        () => respond(admin, order.id, { status: 'rejected', reason: 'admin rejects' }),
        () => respond(buyer, order.id, { status: 'rejected', reason: 'buyer cancels' }),
      ];
      // Alternate who starts first, so each side gets its chance to win.
      if (round % 2 === 1) racers.reverse();
      const responses = await Promise.all(racers.map((race) => race()));

      expect(count(responses, 200), statuses(responses).join()).toBe(1);
      for (const r of responses.filter((x) => x.statusCode !== 200))
        expectError(r, 409, 'conflict');
      const winner = responses.find((r) => r.statusCode === 200)!.json<Order>();
      const [stored] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(stored!.status).toBe(winner.status);
      const rows = await db()
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.orderId, order.id));
      const kinds = rows.map((r) => r.kind).sort();
      if (winner.status === 'completed') {
        expect(kinds).toEqual(['profit', 'purchase']);
        expect(rows.find((r) => r.kind === 'profit')).toMatchObject({
          userId: manager.user.id,
          amountCents: 600n,
        });
        expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(2800n);
      } else {
        expect(kinds).toEqual(['purchase', 'refund']);
        expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(5000n);
      }
    }
    expect(await stockOf(db(), product.id)).toBe(
      100 -
        2 *
          (
            await db()
              .select()
              .from(orders)
              .where(and(eq(orders.productId, product.id), eq(orders.status, 'completed')))
          ).length,
    );
    await expectLedgerInvariants(db());
  });

  describe('(d) profit conversion racing purchases by the downline and another conversion', () => {
    /** A manager holding `profitCents` of profit and `n` funded invitees. */
    async function managerWithDownline(profitCents: bigint, n: number) {
      const manager = await ctx.factory.signedIn('manager', admin.user);
      const invitees = await many(n, 'reseller', manager.user);
      await Promise.all(invitees.map((r) => deposit(admin, r.user.id, 100)));
      const seed = await catalogue.product({ keys: 1 });
      await catalogue.sellerPrice(manager.user.id, seed.id, 800n + profitCents);
      await deposit(admin, invitees[0]!.user.id, Number(800n + profitCents) / 100);
      await placedOrder(invitees[0]!, seed.id, 1);
      expect((await bucketsOf(db(), manager.user.id)).profit).toBe(profitCents);
      return { manager, invitees };
    }

    it('partial conversions: never more than the profit, every cent accounted for', async () => {
      const { manager, invitees } = await managerWithDownline(5000n, 10);
      const product = await catalogue.product({ keys: 10 });
      await catalogue.sellerPrice(manager.user.id, product.id, 1000n); // margin 2.00

      const purchases = invitees.map((r) => placeOrder(r, { productId: product.id, quantity: 1 }));
      const conversions = [convertProfit(manager, 30), convertProfit(manager, 30)];
      const [bought, converted] = await Promise.all([
        Promise.all(purchases),
        Promise.all(conversions),
      ]);

      expect(count(bought, 201), statuses(bought).join()).toBe(10);
      for (const r of converted.filter((x) => x.statusCode !== 200)) {
        expectError(r, 400, 'validation'); // the amount exceeded the profit left at that moment
      }
      const wins = count(converted, 200);
      expect(wins).toBeGreaterThanOrEqual(1);
      expect(await bucketsOf(db(), manager.user.id)).toEqual({
        balance: 3000n * BigInt(wins),
        profit: 5000n + 2000n - 3000n * BigInt(wins),
      });
      await expectLedgerInvariants(db());
    });

    it('whole conversions: exactly the profit there was at each moment, once', async () => {
      const { manager, invitees } = await managerWithDownline(2000n, 10);
      const product = await catalogue.product({ keys: 10 });
      await catalogue.sellerPrice(manager.user.id, product.id, 1000n);

      const [bought, converted] = await Promise.all([
        Promise.all(invitees.map((r) => placeOrder(r, { productId: product.id, quantity: 1 }))),
        Promise.all([convertProfit(manager), convertProfit(manager), convertProfit(manager)]),
      ]);

      expect(count(bought, 201)).toBe(10);
      for (const r of converted.filter((x) => x.statusCode !== 200)) {
        expectError(r, 409, 'below_threshold');
      }
      const movedCents = converted
        .filter((r) => r.statusCode === 200)
        .reduce((sum, r) => sum + Math.round(r.json<{ converted: number }>().converted * 100), 0);
      const after = await bucketsOf(db(), manager.user.id);
      expect(after.balance).toBe(BigInt(movedCents));
      expect(after.balance + after.profit).toBe(2000n + 2000n);
      await expectLedgerInvariants(db());
    });

    it('sales, the background profit fold, statement reads and conversions at once: every margin entered once, in order', async () => {
      const { manager, invitees } = await managerWithDownline(2000n, 20);
      const product = await catalogue.product({ keys: 40 });
      await catalogue.sellerPrice(manager.user.id, product.id, 1000n); // margin 2.00

      // The fold of every process's timer, run back to back while the sales go on.
      let selling = true;
      let folds = 0;
      const folding = (async () => {
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- changed by other code while the loop awaits
        while (selling) {
          await foldProfitAccruals(db());
          folds += 1;
        }
      })();
      const statement = () =>
        manager.inject({ method: 'GET', url: '/api/ledger?bucket=profit&limit=100' });
      const [bought, converted, read] = await Promise.all([
        Promise.all(
          [...invitees, ...invitees].map((r) =>
            placeOrder(r, { productId: product.id, quantity: 1 }),
          ),
        ),
        Promise.all([convertProfit(manager, 15), convertProfit(manager, 15)]),
        Promise.all([statement(), statement(), statement()]),
      ]);
      selling = false;
      await folding;

      expect(count(bought, 201), statuses(bought).join()).toBe(40);
      expect(read.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      // A loser found less than its amount (400) or less than the minimum (409) left then.
      for (const r of converted.filter((x) => x.statusCode !== 200)) {
        expect(['validation', 'below_threshold']).toContain(typeOf(r));
      }
      const wins = count(converted, 200);
      expect(wins).toBeGreaterThanOrEqual(1);
      expect(folds).toBeGreaterThan(0);
      const after = await bucketsOf(db(), manager.user.id);
      expect(after).toEqual({
        balance: 1500n * BigInt(wins),
        profit: 2000n + 40n * 200n - 1500n * BigInt(wins),
      });
      // Each sale's margin is one ledger row of the manager, once folded.
      await expectLedgerInvariants(db());
      const margins = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from ledger_entries
            where user_id = ${manager.user.id} and kind = 'profit'`,
      );
      expect(margins[0]!.n).toBe(41);
    });

    it('pending request orders the caller places itself: a conversion either sees them (409) or ran first', async () => {
      const { manager } = await managerWithDownline(2000n, 1);
      await deposit(admin, manager.user.id, 100);
      const product = await catalogue.product({ deliveryType: 'request', stock: 100 });

      const [bought, converted] = await Promise.all([
        Promise.all(
          Array.from({ length: 8 }, () =>
            placeOrder(manager, { productId: product.id, quantity: 1 }),
          ),
        ),
        Promise.all([convertProfit(manager), convertProfit(manager)]),
      ]);

      expect(count(bought, 201)).toBe(8);
      for (const r of converted.filter((x) => x.statusCode !== 200)) {
        expect(['pending_orders', 'below_threshold']).toContain(typeOf(r));
      }
      expect(count(converted, 200)).toBeLessThanOrEqual(1);
      const movedCents = count(converted, 200) === 1 ? 2000n : 0n;
      // Eight orders at the manager price of 8.00 were paid from the balance.
      expect(await bucketsOf(db(), manager.user.id)).toEqual({
        balance: 10_000n - 8n * 800n + movedCents,
        profit: 2000n - movedCents,
      });
      await expectLedgerInvariants(db());
    });
  });

  it('(e) 30 transfers at once beyond the sender’s balance: exactly what it had moves, never negative', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const invitees = await many(10, 'reseller', manager.user);
    await deposit(admin, manager.user.id, 100);

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => addBalance(manager, invitees[i % 10]!.user.id, 5)),
    );

    expect(count(responses, 200), statuses(responses).join()).toBe(20);
    for (const r of responses.filter((x) => x.statusCode !== 200)) {
      expectError(r, 409, 'insufficient_balance');
    }
    expect((await bucketsOf(db(), manager.user.id)).balance).toBe(0n);
    const received = await Promise.all(invitees.map((r) => bucketsOf(db(), r.user.id)));
    expect(received.reduce((sum, b) => sum + b.balance, 0n)).toBe(10_000n);
    await expectLedgerInvariants(db());
  });

  it('(f) 20 identical requests with one Idempotency-Key at once: one order, one debit, one id', async () => {
    const buyer = await ctx.factory.signedIn('reseller', admin.user);
    await deposit(admin, buyer.user.id, 100);
    const product = await catalogue.product({ keys: 10 });

    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeOrder(buyer, { productId: product.id, quantity: 2 }, 'double-click'),
      ),
    );

    const created = responses.filter((r) => r.statusCode === 201);
    for (const r of responses.filter((x) => x.statusCode !== 201)) {
      expectError(
        r,
        409,
        'conflict',
        'A request with this Idempotency-Key is still being processed',
      );
    }
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.json<Order>().id)).size).toBe(1);
    expect(created.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(await ordersOf(db(), buyer.user.id)).toHaveLength(1);
    expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(8000n);
    expect(await unsoldKeysOf(db(), product.id)).toBe(8);
    await expectLedgerInvariants(db());
  });

  it('deposits, withdrawals and purchases on one account at once stay within the balance', async () => {
    const buyer = await ctx.factory.signedIn('reseller', admin.user);
    await deposit(admin, buyer.user.id, 50);
    const product = await catalogue.product({ keys: 30 });

    const responses = await Promise.all([
      ...Array.from({ length: 10 }, () => addBalance(admin, buyer.user.id, 10)),
      ...Array.from({ length: 10 }, () =>
        admin.inject({
          method: 'POST',
          url: `/api/balance/${buyer.user.id}/remove`,
          payload: { amount: 20 },
        }),
      ),
      ...Array.from({ length: 20 }, () =>
        placeOrder(buyer, { productId: product.id, quantity: 1 }),
      ),
    ]);

    expect(responses.filter((r) => r.statusCode >= 500)).toEqual([]);
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(typeOf(r)).toBe('insufficient_balance');
    }
    const [sums] = await queryRows<{ total: string }>(
      db(),
      sql`select coalesce(sum(amount_cents), 0)::text as total from ledger_entries where user_id = ${buyer.user.id}`,
    );
    expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(BigInt(sums!.total));
    await expectLedgerInvariants(db());
  });
});
