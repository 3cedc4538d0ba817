import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { productKeys } from '../../db/schema/index';

export type NewProductKey = typeof productKeys.$inferInsert;

// 5 parameters a row: well under Postgres' 65,535 bind parameters per statement.
const INSERT_BATCH = 1000;

/**
 * Inserts the keys whose fingerprint is not stored yet, anywhere in the inventory. The unique
 * index decides, so two imports racing with the same key add it once. Returns how many were added.
 */
export async function insertNewKeys(db: Executor, rows: readonly NewProductKey[]) {
  let added = 0;
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const inserted = await db
      .insert(productKeys)
      .values(rows.slice(i, i + INSERT_BATCH))
      .onConflictDoNothing({ target: productKeys.hmac })
      .returning({ id: productKeys.id });
    added += inserted.length;
  }
  return added;
}

/** A page of a product's keys, newest first; the ciphertext is never selected. */
export async function listKeys(db: Executor, productId: string, limit: number, offset: number) {
  const where = eq(productKeys.productId, productId);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: productKeys.id,
        hint: productKeys.hint,
        orderId: productKeys.orderId,
        soldAt: productKeys.soldAt,
        createdAt: productKeys.createdAt,
      })
      .from(productKeys)
      .where(where)
      .orderBy(desc(productKeys.createdAt), desc(productKeys.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(productKeys)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
