import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { priceRules, sellerPrices } from '../../db/schema/index';

export type PriceRuleRow = typeof priceRules.$inferSelect;

/** A seller's standing rules, the everything rule (no category) first. */
export function listPriceRules(db: Executor, sellerId: string): Promise<PriceRuleRow[]> {
  return db
    .select()
    .from(priceRules)
    .where(eq(priceRules.sellerId, sellerId))
    .orderBy(sql`${priceRules.categoryId} is not null`, asc(priceRules.createdAt));
}

/** The seller's rule for a category (null: the everything rule), if it has one. */
export async function findPriceRule(
  db: Executor,
  sellerId: string,
  categoryId: string | null,
): Promise<PriceRuleRow | undefined> {
  const [row] = await db
    .select()
    .from(priceRules)
    .where(
      and(
        eq(priceRules.sellerId, sellerId),
        sql`${priceRules.categoryId} is not distinct from ${categoryId}::uuid`,
      ),
    );
  return row;
}

/** The seller's rule for the category, created or its markup replaced (one rule per category). */
export async function upsertPriceRule(
  db: Executor,
  rule: { sellerId: string; categoryId: string | null; markupBasisPoints: number },
): Promise<PriceRuleRow> {
  const [row] = await db
    .insert(priceRules)
    .values(rule)
    .onConflictDoUpdate({
      target: [priceRules.sellerId, priceRules.categoryId],
      set: { markupBasisPoints: rule.markupBasisPoints, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('An upsert returns its row');
  return row;
}

/** Deletes one of the seller's rules; the row it deleted, if the seller had it. */
export async function deletePriceRule(
  db: Executor,
  sellerId: string,
  id: string,
): Promise<PriceRuleRow | undefined> {
  const [row] = await db
    .delete(priceRules)
    .where(and(eq(priceRules.id, id), eq(priceRules.sellerId, sellerId)))
    .returning();
  return row;
}

/** Removes the seller's hand-set price of a product; the price it removed, if there was one. */
export async function deleteSellerPrice(
  db: Executor,
  sellerId: string,
  productId: string,
): Promise<bigint | undefined> {
  const [row] = await db
    .delete(sellerPrices)
    .where(and(eq(sellerPrices.sellerId, sellerId), eq(sellerPrices.productId, productId)))
    .returning({ priceCents: sellerPrices.priceCents });
  return row?.priceCents;
}
