import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders, users } from '../../db/schema/index';

/**
 * The caller's profit, its row locked FOR NO KEY UPDATE (docs/money.md, "The lock order"): two
 * conversions at once must see each other's result, and the weaker lock leaves the foreign keys
 * that point at the row (an invitee's order, a ledger row) free to be written meanwhile.
 */
export async function lockProfitOf(tx: Executor, userId: string) {
  const [me] = await tx
    .select({ profitCents: users.profitCents })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return me;
}

/** How many orders `buyerId` placed itself that are still pending. */
export async function pendingOrdersOf(tx: Executor, buyerId: string): Promise<number> {
  const [pending] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(sql`${orders.status} = 'pending' and ${orders.buyerId} = ${buyerId}`);
  return pending?.n ?? 0;
}
