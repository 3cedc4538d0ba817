import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { fromCents } from '@keymarket/contracts/money';
import type { Database, Executor } from '../../db/client';
import { oneRow } from '../../lib/rows';
import {
  dockedProducts,
  orders,
  outboxDeliveries,
  products,
  upstreamEvents,
  upstreamOrders,
  upstreams,
  users,
} from '../../db/schema/index';
import { notifyAdminsCte, writeNotification } from '../notifications/notification-writes';
import { jsonParam } from '../outbox/outbox-events';

export type UpstreamRow = typeof upstreams.$inferSelect;

/** The outbox consumer that makes a docked order's purchase (`place_order`, migration 0028). */
export const UPSTREAM_CONSUMER = 'upstream';

const dockedCount = sql<number>`(select count(*)::int from docked_products d
  where d.upstream_id = ${upstreams.id})`.mapWith(Number);

export async function insertUpstream(db: Executor, values: typeof upstreams.$inferInsert) {
  return oneRow(await db.insert(upstreams).values(values).returning());
}

export async function listUpstreams(db: Executor) {
  return db
    .select({ upstream: upstreams, docked: dockedCount })
    .from(upstreams)
    .orderBy(asc(upstreams.name), asc(upstreams.id));
}

export async function findUpstream(db: Executor, id: string) {
  const [row] = await db
    .select({ upstream: upstreams, docked: dockedCount })
    .from(upstreams)
    .where(eq(upstreams.id, id));
  return row;
}

export async function updateUpstream(
  db: Executor,
  id: string,
  values: Partial<typeof upstreams.$inferInsert>,
) {
  const [row] = await db
    .update(upstreams)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(upstreams.id, id))
    .returning();
  return row;
}

/** Deletes an upstream nothing refers to; answers false when docked products or orders do. */
export async function deleteUnusedUpstream(db: Executor, id: string): Promise<boolean> {
  const rows = await db.execute(sql`delete from upstreams u where u.id = ${id}::uuid
    and not exists (select 1 from docked_products d where d.upstream_id = u.id)
    and not exists (select 1 from upstream_orders o where o.upstream_id = u.id)
    returning u.id`);
  return (rows as { rows: unknown[] }).rows.length > 0;
}

/** The local products docked from `upstreamProductIds` of an upstream, by upstream product. */
export async function dockedFrom(db: Executor, upstreamId: string, upstreamProductIds: string[]) {
  if (upstreamProductIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({
      productId: dockedProducts.productId,
      upstreamProductId: dockedProducts.upstreamProductId,
    })
    .from(dockedProducts)
    .where(
      and(
        eq(dockedProducts.upstreamId, upstreamId),
        inArray(dockedProducts.upstreamProductId, upstreamProductIds),
      ),
    );
  return new Map(rows.map((r) => [r.upstreamProductId, r.productId]));
}

export async function insertDocked(db: Executor, values: typeof dockedProducts.$inferInsert) {
  await db.insert(dockedProducts).values(values);
}

/** A docked order's purchase with what an attempt needs: the order and its upstream. */
export async function findPurchase(db: Executor, orderId: string) {
  const [row] = await db
    .select({
      purchase: upstreamOrders,
      order: {
        id: orders.id,
        status: orders.status,
        quantity: orders.quantity,
        buyerId: orders.buyerId,
      },
      upstream: upstreams,
      /** What a refusal there does: refund at once, or wait (a backorder); null once undocked. */
      onUpstreamFailure: dockedProducts.onUpstreamFailure,
    })
    .from(upstreamOrders)
    .innerJoin(orders, eq(orders.id, upstreamOrders.orderId))
    .innerJoin(upstreams, eq(upstreams.id, upstreamOrders.upstreamId))
    .leftJoin(
      dockedProducts,
      and(
        eq(dockedProducts.upstreamId, upstreamOrders.upstreamId),
        eq(dockedProducts.upstreamProductId, upstreamOrders.upstreamProductId),
      ),
    )
    .where(eq(upstreamOrders.orderId, orderId));
  return row;
}

/** Locks a purchase's row for its final write, so that two attempts settle it once. */
export async function lockPurchase(db: Executor, orderId: string) {
  const [row] = await db
    .select()
    .from(upstreamOrders)
    .where(eq(upstreamOrders.orderId, orderId))
    .for('update');
  return row;
}

export async function updatePurchase(
  db: Executor,
  orderId: string,
  values: Partial<typeof upstreamOrders.$inferInsert>,
) {
  await db
    .update(upstreamOrders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(upstreamOrders.orderId, orderId));
}

/** Counts an attempt and keeps its error, for the screens (`lastError`). */
export async function recordAttempt(db: Executor, orderId: string, error: string | null) {
  await db
    .update(upstreamOrders)
    .set({
      attempts: sql`${upstreamOrders.attempts} + 1`,
      lastError: error === null ? null : error.slice(0, 500),
      updatedAt: sql`now()`,
    })
    .where(eq(upstreamOrders.orderId, orderId));
}

/** The purchase's outbox delivery is done: its order was settled by another attempt. */
export async function settlePurchaseDelivery(db: Executor, orderId: string) {
  await db
    .update(outboxDeliveries)
    .set({ status: 'succeeded', deliveredAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(
      and(
        eq(outboxDeliveries.consumer, UPSTREAM_CONSUMER),
        eq(outboxDeliveries.targetId, orderId),
        eq(outboxDeliveries.status, 'pending'),
      ),
    );
}

/** The purchase's outbox delivery is due in `delayMs` (a backorder's next try). */
export async function purchaseDueIn(db: Executor, orderId: string, delayMs: number) {
  await db.execute(sql`update outbox_deliveries
    set next_attempt_at = now() + ${delayMs}::double precision * interval '1 millisecond',
      status = 'pending'
    where consumer = ${UPSTREAM_CONSUMER} and target_id = ${orderId}::uuid
      and status <> 'succeeded' and (locked_until is null or locked_until <= now())`);
}

/** A docked product's choice on a refusal there; false when no docked product has that id. */
export async function setOnUpstreamFailure(
  db: Executor,
  productId: string,
  mode: 'refund' | 'wait',
) {
  const rows = await db
    .update(dockedProducts)
    .set({ onUpstreamFailure: mode })
    .where(eq(dockedProducts.productId, productId))
    .returning({ productId: dockedProducts.productId });
  return rows.length > 0;
}

/**
 * The purchase's outbox delivery is due now (the attempt made inside the buyer's request failed
 * and may succeed later), or again after a final failure of its retries (an administrator's
 * retry). A delivery someone holds is left to finish.
 */
export async function purchaseDueNow(db: Executor, orderId: string, resetAttempts = false) {
  await db.execute(sql`update outbox_deliveries
    set next_attempt_at = now(), status = 'pending'
      ${resetAttempts ? sql`, attempts = 0` : sql``}
    where consumer = ${UPSTREAM_CONSUMER} and target_id = ${orderId}::uuid
      and status <> 'succeeded' and (locked_until is null or locked_until <= now())`);
}

/**
 * Records the platform's balance at the upstream as just read (the upstream answered: healthy),
 * and whether it is below the upstream's alert: `balance_low_since` is set when it falls below
 * and cleared when it is back at or above it (or the alert is removed), and the administrators get
 * `upstream.balance_low` on the fall only, so once per crossing however many purchases and syncs
 * read it low. The row is locked first: two reads at once tell the administrators once.
 */
export async function recordBalance(db: Database, id: string, balanceCents: bigint) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        name: upstreams.name,
        alertCents: upstreams.lowBalanceAlertCents,
        lowSince: upstreams.balanceLowSince,
      })
      .from(upstreams)
      .where(eq(upstreams.id, id))
      .for('update');
    if (!before) return;
    const low = before.alertCents !== null && balanceCents < before.alertCents;
    await tx
      .update(upstreams)
      .set({
        status: 'ok',
        balanceCents,
        balanceLowSince: low ? (before.lowSince ?? sql`now()`) : null,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(eq(upstreams.id, id));
    if (!low || before.lowSince !== null || before.alertCents === null) return;
    await writeNotification(
      tx,
      notifyAdminsCte('low', {
        type: 'upstream.balance_low',
        signal: true,
        data: jsonParam({
          upstreamId: id,
          upstreamName: before.name,
          balance: fromCents(balanceCents),
          threshold: fromCents(before.alertCents),
        }),
      }),
    );
  });
}

/**
 * Whether an order of the docked product `productId` beyond its synced stock is taken, to wait
 * for the supplier as a backorder: the product is set to wait (`onUpstreamFailure: wait`) and not
 * paused (a paused product is refused by `place_order` whatever its setting).
 */
export async function waitsForSupplier(db: Executor, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ productId: dockedProducts.productId })
    .from(dockedProducts)
    .where(
      and(
        eq(dockedProducts.productId, productId),
        eq(dockedProducts.onUpstreamFailure, 'wait'),
        sql`${dockedProducts.pausedAt} is null`,
      ),
    );
  return row !== undefined;
}

/**
 * The purchases of `productId`'s orders still waiting for the supplier made due now (a backorder
 * waits 10 minutes between tries): what a sync or an event that brings its stock back does.
 */
export async function productPurchasesDueNow(db: Executor, productId: string) {
  await db.execute(sql`update outbox_deliveries
    set next_attempt_at = now(), status = 'pending'
    where consumer = ${UPSTREAM_CONSUMER} and status <> 'succeeded'
      and (locked_until is null or locked_until <= now())
      and target_id in (select u.order_id from upstream_orders u join orders o on o.id = u.order_id
                        where o.product_id = ${productId}::uuid and u.status = 'pending')`);
}

export async function recordUpstreamHealth(
  db: Executor,
  id: string,
  health: { ok: boolean; balanceCents?: bigint; error?: string | null },
) {
  await db
    .update(upstreams)
    .set({
      status: health.ok ? 'ok' : 'failing',
      ...(health.balanceCents === undefined ? {} : { balanceCents: health.balanceCents }),
      lastError: health.error ? health.error.slice(0, 500) : null,
      updatedAt: sql`now()`,
    })
    .where(eq(upstreams.id, id));
}

/**
 * Claims the upstreams due for a sync (none since `intervalMs`), marking them synced now: on
 * several instances each upstream is synced by the one that claimed it.
 */
export async function claimDueSyncs(db: Executor, intervalMs: number, onlyId?: string) {
  return db
    .update(upstreams)
    .set({ lastSyncAt: sql`now()` })
    .where(
      onlyId
        ? eq(upstreams.id, onlyId)
        : sql`${upstreams.lastSyncAt} is null
            or ${upstreams.lastSyncAt} <= now() - ${intervalMs}::int * interval '1 millisecond'`,
    )
    .returning();
}

/** A docked product's row and the prices and stock of its product, which a sync compares. */
const dockedColumns = {
  docked: dockedProducts,
  product: {
    id: products.id,
    initialPriceCents: products.initialPriceCents,
    managerPriceCents: products.managerPriceCents,
    resellerPriceCents: products.resellerPriceCents,
    stock: products.stock,
  },
};

/** The products docked from an upstream (or its one `upstreamProductId`), with the prices the sync compares. */
export async function dockedOf(db: Executor, upstreamId: string, upstreamProductId?: string) {
  return db
    .select(dockedColumns)
    .from(dockedProducts)
    .innerJoin(products, eq(products.id, dockedProducts.productId))
    .where(
      and(
        eq(dockedProducts.upstreamId, upstreamId),
        upstreamProductId === undefined
          ? undefined
          : eq(dockedProducts.upstreamProductId, upstreamProductId),
      ),
    );
}

/**
 * One docked product as `dockedOf` reads it, its product row locked: what a sync's change of it
 * decides on, so a sync and an event applying the same product one after the other each compare
 * with what the other wrote, not with a row read before either.
 */
export async function lockDocked(tx: Executor, productId: string) {
  const [row] = await tx
    .select(dockedColumns)
    .from(dockedProducts)
    .innerJoin(products, eq(products.id, dockedProducts.productId))
    .where(eq(dockedProducts.productId, productId))
    .for('update', { of: products });
  return row;
}

export async function setPaused(db: Executor, productId: string, reason: string | null) {
  await db
    .update(dockedProducts)
    .set(
      reason === null
        ? { pausedAt: null, pauseReason: null }
        : { pausedAt: sql`now()`, pauseReason: reason },
    )
    .where(eq(dockedProducts.productId, productId));
}

/** A page of docked orders' purchases, newest first, with what the admin screen shows. */
export async function listPurchases(
  db: Executor,
  query: { page: number; limit: number; status?: 'pending' | 'completed' | 'rejected' | undefined },
) {
  const where = query.status ? eq(upstreamOrders.status, query.status) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        purchase: upstreamOrders,
        productName: orders.productName,
        quantity: orders.quantity,
        buyer: users.username,
        upstreamName: upstreams.name,
      })
      .from(upstreamOrders)
      .innerJoin(orders, eq(orders.id, upstreamOrders.orderId))
      .innerJoin(users, eq(users.id, orders.buyerId))
      .innerJoin(upstreams, eq(upstreams.id, upstreamOrders.upstreamId))
      .where(where)
      .orderBy(desc(upstreamOrders.createdAt), desc(upstreamOrders.orderId))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(upstreamOrders)
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * Takes an event received from an upstream to apply: false when it was taken before (a retry, a
 * replay), which then changes nothing.
 */
export async function claimEvent(db: Executor, upstreamId: string, eventId: string, type: string) {
  const rows = await db
    .insert(upstreamEvents)
    .values({ upstreamId, eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: upstreamEvents.eventId });
  return rows.length > 0;
}

/** An event whose handler failed is given back, so the upstream's retry applies it. */
export async function releaseEvent(db: Executor, upstreamId: string, eventId: string) {
  await db
    .delete(upstreamEvents)
    .where(and(eq(upstreamEvents.upstreamId, upstreamId), eq(upstreamEvents.eventId, eventId)));
}

/** The local orders whose purchase at `upstreamId` is still open, oldest first. */
export async function pendingPurchasesAt(
  db: Executor,
  upstreamId: string,
  upstreamOrderId?: string,
) {
  const rows = await db
    .select({ orderId: upstreamOrders.orderId })
    .from(upstreamOrders)
    .where(
      and(
        eq(upstreamOrders.upstreamId, upstreamId),
        eq(upstreamOrders.status, 'pending'),
        upstreamOrderId === undefined
          ? undefined
          : eq(upstreamOrders.upstreamOrderId, upstreamOrderId),
      ),
    )
    .orderBy(asc(upstreamOrders.createdAt))
    .limit(1000);
  return rows.map((r) => r.orderId);
}
