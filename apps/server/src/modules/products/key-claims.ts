import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

/**
 * Sells `count` unsold keys of `productId` to `orderId`, all or none, lowest position first (the sale
 * order of `place-order.statement.ts`, which must stay the same here). For the sales made outside
 * the order statement: a backorder filled (`fill-backorders.ts`) and a faulty key replaced
 * (`after-sale.service.ts`). SKIP LOCKED lets a concurrent sale keep its keys; the keys locked
 * here were unsold when locked (the lock re-reads the row), so they are exactly the ones
 * updated, and when fewer than `count` could be locked nothing is updated at all.
 * Answers the ids of the keys sold, in the order of their sale.
 */
export async function claimKeys(
  db: Executor,
  productId: string,
  orderId: string,
  count: number,
): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`with candidates as (
          select id, position from product_keys
          where product_id = ${productId}::uuid and order_id is null
          order by position
          limit ${count}::int for update skip locked
        ), sold as (
          update product_keys set order_id = ${orderId}::uuid, sold_at = clock_timestamp()
          where id in (select id from candidates)
            and (select count(*) from candidates) = ${count}::int
          returning id, position
        )
        select id from sold order by position`,
  );
  return rows.map((row) => row.id);
}

/**
 * Locks up to `count` unsold keys of `productId`, lowest position first (SKIP LOCKED: a concurrent sale
 * keeps its own), and answers their ids in that order. Nothing is sold yet: `sellKeys` does.
 * One statement for a whole backorder fill: claiming order by order would rescan, for each
 * order, the index entries of every key the earlier ones took in the same transaction.
 */
export async function lockUnsoldKeys(
  db: Executor,
  productId: string,
  count: number,
): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from product_keys
        where product_id = ${productId}::uuid and order_id is null
        order by position
        limit ${count}::int for update skip locked`,
  );
  return rows.map((row) => row.id);
}

/** Sells each locked key (`lockUnsoldKeys`) to the order beside it, in one statement. */
export async function sellKeys(db: Executor, keyIds: string[], orderIds: string[]) {
  if (keyIds.length === 0) return;
  await db.execute(
    sql`update product_keys k set order_id = a.order_id, sold_at = clock_timestamp()
        from unnest(${pgArray(keyIds)}::uuid[], ${pgArray(orderIds)}::uuid[]) as a(key_id, order_id)
        where k.id = a.key_id and k.order_id is null`,
  );
}

/** Ids as one array parameter (a Drizzle array would be spread into a list of parameters). */
const pgArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
