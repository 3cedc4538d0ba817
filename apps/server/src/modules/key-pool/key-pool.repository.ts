import { and, asc, desc, eq, gt, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { stockChangesCte } from '../stock/stock';
import { rowsOf, type Executor } from '../../db/client';
import { productKeys } from '../../db/schema/index';
import { EXPORT_BATCH } from '../../lib/csv';
import { escapeLike } from '../products/products.repository';

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

/**
 * What a search looks for: the whole key (by its fingerprint, never by its text, which is only
 * stored sealed), or the characters the masked listing shows: the key's first or last ones.
 */
export interface KeySearch {
  fingerprint: string;
  text: string;
}

function whereOf(productId: string, status: KeyStatus | undefined, search?: KeySearch) {
  return and(
    eq(productKeys.productId, productId),
    status === 'sold' ? isNotNull(productKeys.orderId) : undefined,
    status === 'unsold' ? isNull(productKeys.orderId) : undefined,
    search
      ? or(
          eq(productKeys.hmac, search.fingerprint),
          ilike(productKeys.head, `${escapeLike(search.text)}%`),
          ilike(productKeys.hint, `%${escapeLike(search.text)}`),
        )
      : undefined,
  );
}

/** A page of a product's keys, newest first; the ciphertext is never selected. */
export async function listKeys(
  db: Executor,
  productId: string,
  filter: { status: KeyStatus | undefined; search: KeySearch | undefined },
  page: { limit: number; offset: number },
) {
  const where = whereOf(productId, filter.status, filter.search);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: productKeys.id,
        hint: productKeys.hint,
        head: productKeys.head,
        orderId: productKeys.orderId,
        soldAt: productKeys.soldAt,
        createdAt: productKeys.createdAt,
      })
      .from(productKeys)
      .where(where)
      .orderBy(desc(productKeys.position))
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
 * The batch of the unsold keys' export that follows position `after`, in selling order, sealed:
 * the service opens them one batch at a time.
 */
export function unsoldKeyBatch(db: Executor, productId: string, after?: number) {
  return db
    .select({
      id: productKeys.id,
      position: productKeys.position,
      ciphertext: productKeys.ciphertext,
      createdAt: productKeys.createdAt,
    })
    .from(productKeys)
    .where(
      and(
        whereOf(productId, 'unsold'),
        after === undefined ? undefined : gt(productKeys.position, after),
      ),
    )
    .orderBy(asc(productKeys.position))
    .limit(EXPORT_BATCH);
}

/**
 * The unsold keys of `productId` a delete or move takes: the listed ones, or the `count` next to
 * be sold. Locked with SKIP LOCKED, as `claim_keys` locks them for a sale (the two never wait
 * for each other's keys): a key an order is claiming is left out, and one locked here is left
 * out of the order's claim, so exactly one of the two gets it.
 */
function pickedUnsold(productId: string, pick: { keyIds: readonly string[] } | { count: number }) {
  const which: SQL =
    'keyIds' in pick
      ? // One array parameter (the ids are validated uuids), not one parameter per id.
        sql`and id = any(${`{${pick.keyIds.join(',')}}`}::uuid[])`
      : sql`order by position limit ${pick.count}::int`;
  return sql`select id from product_keys
    where product_id = ${productId}::uuid and order_id is null ${which}
    for update skip locked`;
}

/**
 * Deletes the picked unsold keys and takes them off the stock, as a sale does (a change row, so
 * no sale of the product waits for it: stock.ts). Answers how many went.
 */
export async function deleteUnsoldKeys(db: Executor, productId: string, keyIds: readonly string[]) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with picked as (${pickedUnsold(productId, { keyIds })}),
    gone as (
      delete from product_keys where id in (select id from picked) and order_id is null returning id
    ), ${stockChangesCte(
      'changed',
      sql`select ${productId}::uuid, -count(*)::int from gone having count(*) > 0`,
    )}
    select count(*)::int as n from gone`,
  );
  return row?.n ?? 0;
}

/**
 * Moves the picked unsold keys to `toProductId`, keeping their positions (their import order),
 * and moves as much stock with them. Answers how many moved.
 */
export async function moveUnsoldKeys(
  db: Executor,
  productId: string,
  toProductId: string,
  pick: { keyIds: readonly string[] } | { count: number },
) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with picked as (${pickedUnsold(productId, pick)}),
    moved as (
      update product_keys set product_id = ${toProductId}::uuid
      where id in (select id from picked) and order_id is null returning id
    ), ${stockChangesCte(
      'changed',
      sql`select p, d from (select count(*)::int as n from moved) m,
            lateral (values (${productId}::uuid, -m.n), (${toProductId}::uuid, m.n)) v(p, d)
          where m.n > 0`,
    )}
    select count(*)::int as n from moved`,
  );
  return row?.n ?? 0;
}
