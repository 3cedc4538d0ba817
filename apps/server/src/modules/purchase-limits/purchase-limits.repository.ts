import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders, products, users } from '../../db/schema/index';

/**
 * The start of the current UTC day, the one `place_order` counts a day's orders from (migration
 * 0040): the daily limits reset at 00:00 UTC whatever the buyer's time zone.
 */
const dayStart = sql`(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`;

/** The next 00:00 UTC, when the daily limits start again. */
export function nextUtcMidnight(now = new Date()): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return next.toISOString().replace('.000Z', 'Z');
}

/**
 * What the user of the `users` row in the query spent on orders since 00:00 UTC, in cents: its
 * orders not rejected, as `place_order` counts them against a spending cap (orders_buyer_idx
 * answers it). The id is named with its table: Drizzle writes a lone column unqualified.
 */
export function spentTodayCents(): SQL<string> {
  return sql<string>`(select coalesce(sum(d.total_cents), 0) from ${orders} d
    where d.buyer_id = ${users}.id and d.created_at >= ${dayStart} and d.status <> 'rejected')`;
}

/** The buyer's limits and today's use of them; with `productId`, that product's too. */
export async function usageToday(db: Executor, buyerId: string, productId: string | undefined) {
  const [row] = await db
    .select({
      dailySpendCapCents: users.dailySpendCapCents,
      maxOrderQuantity: users.maxOrderQuantity,
      spentTodayCents: spentTodayCents(),
    })
    .from(users)
    .where(eq(users.id, buyerId));
  if (!row) return undefined;
  const product = productId
    ? (
        await db
          .select({
            id: products.id,
            maxOrderQuantity: products.maxOrderQuantity,
            maxDailyQuantity: products.maxDailyQuantity,
            boughtToday: sql<number>`(select coalesce(sum(d.quantity), 0)::int from ${orders} d
              where d.buyer_id = ${buyerId} and d.product_id = ${products}.id
                and d.created_at >= ${dayStart} and d.status <> 'rejected')`,
          })
          .from(products)
          .where(and(eq(products.id, productId), sql`${products.deletedAt} is null`))
      )[0]
    : undefined;
  return { ...row, product };
}

/** An invitee's limits, as its inviter or an administrator set them. */
export async function setUserLimits(
  tx: Executor,
  userId: string,
  limits: { dailySpendCapCents: bigint | null; maxOrderQuantity: number | null },
) {
  await tx
    .update(users)
    .set({ ...limits, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** What one user spent on orders since 00:00 UTC, in cents. */
export async function spentToday(db: Executor, userId: string): Promise<bigint> {
  const [row] = await db
    .select({ cents: spentTodayCents() })
    .from(users)
    .where(eq(users.id, userId));
  return BigInt(row?.cents ?? 0);
}
