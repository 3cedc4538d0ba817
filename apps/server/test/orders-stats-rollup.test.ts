import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@keymarket/contracts/orders';
import { fromCents } from '@keymarket/contracts/money';
import { platformOrderTotals } from '../src/modules/analytics/daily-sales.repository';
import { addUtcDays, dayKey, rollupCutoff, startOfUtcDay } from '../src/modules/analytics/periods';
import { coversWholePlatform, orderStats, scopeFor } from '../src/modules/orders/orders.repository';
import { actOnKey, freshKeys, importKeys, sellerChain } from './helpers/after-sale';
import { analyticsAs } from './helpers/analytics';
import { useCatalogueApp } from './helpers/catalogue-app';
import type { SignedInUser } from './helpers/factory';
import {
  deliveryLines,
  deposit,
  fundedReseller,
  placedOrder,
  queryRows,
  respond,
} from './helpers/money';

/**
 * The admin's unfiltered stat cards (`GET /orders/all/stats`) come from the analytics rollup's
 * finished days plus the live ones (`platformOrderTotals`). They must equal the pass over every
 * order (`orderStats`, the query they replace), in every state an order reaches, also after
 * orders of finished days change once the rollup holds those days. The clock is the real one:
 * the orders of past days are placed through the API and moved back (created, delivered and
 * answered times) before the rollup is filled, as if they had happened then.
 */

/** The cards as `GET /orders/all/stats` answers them. */
interface Cards {
  total: number;
  pending: number;
  completed: number;
  rejected: number;
  revenue: number;
}

const app = useCatalogueApp();
const { ctx, catalogue, admin, db } = app;

const NOON_MS = 12 * 3_600_000;
const today = startOfUtcDay(new Date());
/** Noon of the UTC day `daysAgo` days before today. */
const noonOf = (daysAgo: number) => new Date(addUtcDays(today, -daysAgo).getTime() + NOON_MS);
const cutoff = rollupCutoff(new Date());

/** The cards as the route answers them to `viewer`. */
async function cardsOf(viewer: SignedInUser, query = ''): Promise<Cards> {
  const response = await viewer.inject({ method: 'GET', url: `/api/orders/all/stats${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Cards>();
}

/** The pass over every order: the query the whole platform's cards answered before. */
async function scanned(): Promise<Cards> {
  const { revenueCents, ...counts } = await orderStats(db(), { scope: undefined });
  return { ...counts, revenue: fromCents(BigInt(revenueCents)) };
}

/** The rollup's rows, to show they were not summed again. */
async function rolledDays() {
  return queryRows<{ day: string; placed: number; completed: number; rejected: number }>(
    db(),
    sql`select day::text as day, placed_orders as placed, completed_orders as completed,
          rejected_orders as rejected
        from platform_daily_sales order by day`,
  );
}

async function markOfPlatform() {
  const [row] = await queryRows<{ mark: string }>(
    db(),
    sql`select rolled_until::text as mark from analytics_rollup_marks where scope = 'platform'`,
  );
  return row?.mark;
}

/**
 * Moves an order placed (and perhaps answered) just now back in time, as if placed at `placed`
 * and answered at `answered`: the times the application would have written then.
 */
async function backdate(order: Order, placed: Date, answered = placed) {
  await db().execute(sql`
    update orders set created_at = ${placed.toISOString()}::timestamptz,
      delivered_at = case when delivered_at is not null then ${answered.toISOString()}::timestamptz end,
      responded_at = case when responded_at is not null then ${answered.toISOString()}::timestamptz end
    where id = ${order.id}::uuid`);
}

async function expectExactCards() {
  const reference = await scanned();
  expect(await cardsOf(admin)).toEqual(reference);
  return reference;
}

describe('order stat cards of the whole platform from the analytics rollup', () => {
  let buyer: SignedInUser; // priced by the platform
  let chainBuyer: SignedInUser; // priced by a manager: a refund reverses its margin
  let instantId: string;
  let requestId: string;
  /** Orders of finished days that change after the rollup holds their days. */
  const later = {} as Record<
    'refunded' | 'replaced' | 'answered' | 'rejected' | 'backorder',
    Order
  >;
  let chainProductId: string;
  let backorderProductId: string;
  let rolledAtFill: Awaited<ReturnType<typeof rolledDays>>;

  beforeAll(async () => {
    buyer = await fundedReseller(ctx.factory, admin, 1000);
    const chain = await sellerChain(app, 10);
    chainBuyer = chain.buyer;
    chainProductId = chain.product.id;
    await deposit(admin, chainBuyer.user.id, 500);
    instantId = (await catalogue.product({ keys: 20 })).id;
    requestId = (await catalogue.product({ deliveryType: 'request', stock: 100 })).id;
    const filledBackorder = (await catalogue.product({ allowBackorder: true })).id;
    backorderProductId = (await catalogue.product({ allowBackorder: true })).id;

    // Four days ago: instant sales (one refunded and one replaced later), request orders left
    // pending (one answered and one rejected later), one answered the next day.
    later.refunded = await placedOrder(chainBuyer, chainProductId, 2);
    await backdate(later.refunded, noonOf(4));
    later.replaced = await placedOrder(buyer, instantId, 2);
    await backdate(later.replaced, noonOf(4));
    later.answered = await placedOrder(buyer, requestId, 1);
    await backdate(later.answered, noonOf(4));
    later.rejected = await placedOrder(buyer, requestId, 3);
    await backdate(later.rejected, noonOf(4));
    const answeredNextDay = await placedOrder(buyer, requestId, 2);
    expect(
      (await respond(admin, answeredNextDay.id, { status: 'completed', keys: deliveryLines(2) }))
        .statusCode,
    ).toBe(200);
    await backdate(answeredNextDay, noonOf(4), noonOf(3));

    // Three days ago: a rejection the same day, a cancellation by the buyer, a backorder filled
    // the next day by an import.
    const rejectedSameDay = await placedOrder(buyer, requestId, 1);
    await respond(admin, rejectedSameDay.id, { status: 'rejected', reason: 'Out of accounts' });
    await backdate(rejectedSameDay, noonOf(3));
    const cancelled = await placedOrder(buyer, requestId, 1);
    await respond(buyer, cancelled.id, { status: 'rejected', reason: 'Changed my mind' });
    await backdate(cancelled, noonOf(3));
    const backorder = await placedOrder(buyer, filledBackorder, 2);
    expect(backorder).toMatchObject({ status: 'pending', backordered: true });
    expect((await importKeys(admin, filledBackorder, freshKeys(2))).statusCode).toBe(200);
    await backdate(backorder, noonOf(3), noonOf(2));

    // Two days ago, the last finished day: a backorder still waiting (filled later), a request
    // order that stays pending, one answered yesterday, an instant sale.
    later.backorder = await placedOrder(buyer, backorderProductId, 1);
    await backdate(later.backorder, noonOf(2));
    await backdate(await placedOrder(buyer, requestId, 1), noonOf(2));
    const answeredYesterday = await placedOrder(buyer, requestId, 1);
    await respond(admin, answeredYesterday.id, { status: 'completed', keys: deliveryLines(1) });
    await backdate(answeredYesterday, noonOf(2), noonOf(1));
    await backdate(await placedOrder(buyer, instantId, 3), noonOf(2));

    // Yesterday (live): a sale and a rejection. Today (live): a sale, a pending and a rejected
    // request order.
    await backdate(await placedOrder(buyer, instantId, 1), noonOf(1));
    const rejectedYesterday = await placedOrder(buyer, requestId, 2);
    await respond(admin, rejectedYesterday.id, { status: 'rejected', reason: 'No' });
    await backdate(rejectedYesterday, noonOf(1));
    await placedOrder(buyer, instantId, 1);
    await placedOrder(buyer, requestId, 1);
    const rejectedToday = await placedOrder(buyer, requestId, 1);
    await respond(admin, rejectedToday.id, { status: 'rejected', reason: 'No' });

    // The analytics path fills the rollup of the finished days.
    await analyticsAs(admin, '/api/analytics/dashboard-stats');
    rolledAtFill = await rolledDays();
  });

  it('takes the rollup for the admin’s whole platform only', () => {
    expect(coversWholePlatform({ scope: undefined })).toBe(true);
    // The cards are the split by status: the list's status filter and sort are not theirs.
    expect(
      coversWholePlatform({
        scope: undefined,
        status: 'pending',
        sort: { by: 'total', direction: 'desc' },
      }),
    ).toBe(true);
    expect(coversWholePlatform({ scope: undefined, search: '' })).toBe(true);
    const someone = buyer.user.id;
    for (const narrower of [
      { search: 'steam' },
      { productId: instantId },
      { buyerId: someone },
      { sellerId: someone },
      // A date range selects by placement; the rollup counts completions and rejections on
      // the day they happened: it stays on the pass over its orders.
      { from: noonOf(3) },
      { to: noonOf(3) },
    ]) {
      expect(coversWholePlatform({ scope: undefined, ...narrower }), JSON.stringify(narrower)).toBe(
        false,
      );
    }
    // A manager's or reseller's own orders or downline.
    expect(coversWholePlatform({ scope: scopeFor(someone, false, false) })).toBe(false);
    expect(coversWholePlatform({ scope: scopeFor(someone, false, true) })).toBe(false);
    expect(coversWholePlatform({ scope: scopeFor(someone, true, true) })).toBe(true);
  });

  it('has rolled up the finished days, yesterday and today left live', async () => {
    expect(await markOfPlatform()).toBe(dayKey(cutoff));
    const byDay = Object.fromEntries(rolledAtFill.map((d) => [d.day, d]));
    expect(byDay[dayKey(addUtcDays(today, -4))]).toMatchObject({
      placed: 5,
      completed: 2,
      rejected: 0,
    });
    expect(byDay[dayKey(addUtcDays(today, -3))]).toMatchObject({
      placed: 3,
      completed: 1,
      rejected: 2,
    });
    expect(byDay[dayKey(addUtcDays(today, -2))]).toMatchObject({
      placed: 4,
      completed: 2,
      rejected: 0,
    });
    expect(byDay[dayKey(addUtcDays(today, -1))]).toBeUndefined();
    expect(byDay[dayKey(today)]).toBeUndefined();
  });

  it('answers the unfiltered cards as the pass over every order', async () => {
    const reference = await expectExactCards();
    // Every status is there, most of it in the rolled-up days.
    expect(reference).toMatchObject({ total: 17, pending: 5, completed: 8, rejected: 4 });
    expect(reference.revenue).toBeGreaterThan(0);
    // showAll changes nothing for an admin.
    expect(await cardsOf(admin, '?showAll=true&status=rejected&sort=-total')).toEqual(reference);
  });

  it('reads the rollup: a rolled day changed by hand shows in the whole platform’s cards only', async () => {
    const reference = await scanned();
    const day = dayKey(addUtcDays(today, -4));
    const shift = sql`update platform_daily_sales set placed_orders = placed_orders + 100,
      completed_orders = completed_orders + 10, revenue_cents = revenue_cents + 12345
      where day = ${day}::date`;
    await db().execute(shift);
    try {
      expect(await cardsOf(admin)).toEqual({
        ...reference,
        total: reference.total + 100,
        completed: reference.completed + 10,
        revenue: reference.revenue + 123.45,
      });
      // Narrower filters still pass over their orders.
      const filtered = await cardsOf(admin, `?from=${dayKey(addUtcDays(today, -30))}`);
      expect(filtered).toEqual(reference);
    } finally {
      await db().execute(sql`update platform_daily_sales set placed_orders = placed_orders - 100,
        completed_orders = completed_orders - 10, revenue_cents = revenue_cents - 12345
        where day = ${day}::date`);
    }
    await expectExactCards();
  });

  it('stays exact as orders of finished days change after their days were rolled up', async () => {
    // A pending order of a finished day completed today: it leaves the pending count and its
    // completion is counted today.
    const answered = await respond(admin, later.answered.id, {
      status: 'completed',
      keys: deliveryLines(1),
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await expectExactCards();

    // One rejected today, the buyer refunded in full.
    const rejected = await respond(admin, later.rejected.id, {
      status: 'rejected',
      reason: 'Gone',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await expectExactCards();

    // A unit of a completed order refunded, its margin reversed: the order row is unchanged,
    // its revenue is what it was paid, in the pass and in the rollup alike.
    const refunded = await actOnKey(admin, 'refund', later.refunded.id, { keyIndex: 1 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await expectExactCards();

    // A key replaced from the pool.
    const replaced = await actOnKey(admin, 'replace', later.replaced.id, { keyIndex: 0 });
    expect(replaced.statusCode, replaced.body).toBe(200);
    await expectExactCards();

    // A backorder of a finished day filled today by an import.
    expect((await importKeys(admin, backorderProductId, freshKeys(1))).statusCode).toBe(200);
    const [filled] = await queryRows<{ status: string }>(
      db(),
      sql`select status::text as status from orders where id = ${later.backorder.id}::uuid`,
    );
    expect(filled?.status).toBe('completed');
    // And new orders today.
    await placedOrder(buyer, instantId, 2);
    await placedOrder(buyer, requestId, 1);

    const reference = await expectExactCards();
    expect(reference).toMatchObject({ total: 19, pending: 3, completed: 11, rejected: 5 });
    // All of it without summing a finished day again.
    expect(await rolledDays()).toEqual(rolledAtFill);
    expect(await markOfPlatform()).toBe(dayKey(cutoff));
  });

  it('stays exact whichever day the rollup reached, reading rolled days before its cutoff only', async () => {
    const reference = await scanned();
    const asCards = (totals: Awaited<ReturnType<typeof platformOrderTotals>>) => {
      const { revenueCents, ...counts } = totals;
      return { ...counts, revenue: fromCents(BigInt(revenueCents)) };
    };
    // An earlier cutoff (another instance whose clock is a day behind): the rolled days after it
    // are left out and read live.
    expect(asCards(await platformOrderTotals(db(), addUtcDays(cutoff, -2)))).toEqual(reference);
    // A later one rolls yesterday up; the route, whose cutoff is still yesterday, then leaves
    // that rolled day out.
    expect(asCards(await platformOrderTotals(db(), today))).toEqual(reference);
    expect(await markOfPlatform()).toBe(dayKey(today));
    await expectExactCards();
    const rejectedToday = await placedOrder(buyer, requestId, 1);
    await respond(admin, rejectedToday.id, { status: 'rejected', reason: 'No' });
    await expectExactCards();
  });

  it('refuses a cutoff that is not a UTC midnight', async () => {
    await expect(platformOrderTotals(db(), new Date(cutoff.getTime() + 1))).rejects.toThrow(
      /UTC midnight/,
    );
  });
});
