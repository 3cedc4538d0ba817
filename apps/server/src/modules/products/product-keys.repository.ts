import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { olderThan } from '../../db/keyset';
import { productKeys } from '../../db/schema/index';
import { EXPORT_BATCH } from '../../lib/csv';

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

export type KeyStatus = 'sold' | 'unsold';

function whereOf(productId: string, status: KeyStatus | undefined) {
  return and(
    eq(productKeys.productId, productId),
    status === 'sold' ? isNotNull(productKeys.orderId) : undefined,
    status === 'unsold' ? isNull(productKeys.orderId) : undefined,
  );
}

/** A page of a product's keys, newest first; the ciphertext is never selected. */
export async function listKeys(
  db: Executor,
  productId: string,
  status: KeyStatus | undefined,
  page: { limit: number; offset: number },
) {
  const where = whereOf(productId, status);
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
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(productKeys)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function countKeys(db: Executor, productId: string, status: KeyStatus) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productKeys)
    .where(whereOf(productId, status));
  return row?.n ?? 0;
}

/**
 * The batch of the unsold keys' export that follows `afterId`, newest first, sealed: the
 * service opens them one batch at a time.
 */
export function unsoldKeyBatch(db: Executor, productId: string, afterId?: string) {
  return db
    .select({
      id: productKeys.id,
      ciphertext: productKeys.ciphertext,
      createdAt: productKeys.createdAt,
    })
    .from(productKeys)
    .where(and(whereOf(productId, 'unsold'), afterId ? olderThan(productKeys, afterId) : undefined))
    .orderBy(desc(productKeys.createdAt), desc(productKeys.id))
    .limit(EXPORT_BATCH);
}
