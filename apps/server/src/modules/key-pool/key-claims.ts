import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

/**
 * Sells unsold keys of `productId`, one to each entry of `owners` (an order of three units
 * appears three times), lowest position first, all or none: the database function `claim_keys`
 * (migration 0026), the one text that sells keys, which `place_order` calls for a sale. Here for
 * the sales made outside an order's placing: a backorder filled (`fill-backorders.ts`) and a
 * faulty key replaced (`after-sale.service.ts`). Answers the keys sold, in the order of their
 * sale, each with its owner; none when fewer keys than owners were free.
 */
export async function claimKeys(
  db: Executor,
  productId: string,
  owners: readonly string[],
): Promise<{ keyId: string; orderId: string }[]> {
  if (owners.length === 0) return [];
  const rows = await rowsOf<{ key_id: string; owner: string }>(
    db,
    sql`select key_id, owner from claim_keys(${productId}::uuid, ${pgArray(owners)}::uuid[])
        order by key_position`,
  );
  return rows.map((row) => ({ keyId: row.key_id, orderId: row.owner }));
}

/** How many keys of `productId` are unsold now, locked or not. */
export async function unsoldKeys(db: Executor, productId: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from product_keys
        where product_id = ${productId}::uuid and order_id is null`,
  );
  return row?.n ?? 0;
}

/** Ids as one array parameter (a Drizzle array would be spread into a list of parameters). */
const pgArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
