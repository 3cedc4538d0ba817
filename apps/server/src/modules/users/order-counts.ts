import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/index';

export async function orderCountsOf(db: Executor, buyerId: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${orders.status} = 'completed'))::int`,
      pending: sql<number>`(count(*) filter (where ${orders.status} = 'pending'))::int`,
      rejected: sql<number>`(count(*) filter (where ${orders.status} = 'rejected'))::int`,
    })
    .from(orders)
    .where(eq(orders.buyerId, buyerId));
  return row ?? { total: 0, completed: 0, pending: 0, rejected: 0 };
}
