import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products, sellerPrices } from '../../db/schema/index';

// 3 parameters a row: well under Postgres' 65,535 bind parameters per statement.
const BATCH = 5000;

export interface PlatformPriceRow {
  id: string;
  managerPriceCents: bigint;
  resellerPriceCents: bigint;
}

/** Sets many products' manager and reseller prices in one statement per batch. */
export async function setPlatformPrices(db: Executor, rows: readonly PlatformPriceRow[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const values = sql.join(
      rows
        .slice(i, i + BATCH)
        .map(
          (r) =>
            sql`(${r.id}::uuid, ${r.managerPriceCents.toString()}::bigint, ${r.resellerPriceCents.toString()}::bigint)`,
        ),
      sql`, `,
    );
    await db.execute(sql`
      update ${products} set
        manager_price_cents = v.manager, reseller_price_cents = v.reseller, updated_at = now()
      from (values ${values}) as v(id, manager, reseller)
      where ${products.id} = v.id`);
  }
}

/** A seller's own selling prices (Price Control), inserted or replaced. */
export async function upsertSellerPrices(
  db: Executor,
  sellerId: string,
  rows: readonly { productId: string; priceCents: bigint }[],
) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insert(sellerPrices)
      .values(rows.slice(i, i + BATCH).map((r) => ({ sellerId, ...r })))
      .onConflictDoUpdate({
        target: [sellerPrices.sellerId, sellerPrices.productId],
        set: { priceCents: sql`excluded.price_cents`, updatedAt: sql`now()` },
      });
  }
}

/**
 * Serialises one seller's price changes: a bulk update reads its current selling prices and
 * writes new ones, and two of them interleaving would lose one's deltas. A transaction-scoped
 * advisory lock per seller, rather than row locks on products that every order also touches.
 */
export async function lockSellerPrices(db: Executor, sellerId: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`seller-prices:${sellerId}`}, 0))`,
  );
}

/**
 * The live products of a category (its subcategories' included), or of the whole catalogue, as
 * they are now: a bulk change by category or to every product reads them in its own transaction,
 * so a product added afterwards keeps its prices. In id order, the lock order `findLiveProducts`
 * takes, so two bulk updates never deadlock; `forUpdate` as there (administrators).
 */
export async function findLiveProductsOf(
  db: Executor,
  categoryId: string | undefined,
  { forUpdate }: { forUpdate: boolean },
) {
  const query = db
    .select()
    .from(products)
    .where(
      and(isNull(products.deletedAt), categoryId ? eq(products.categoryId, categoryId) : undefined),
    )
    .orderBy(products.id);
  return forUpdate ? query.for('update') : query;
}
