import { sql, type SQL } from 'drizzle-orm';
import type { Role } from '@keymarket/contracts/users';
import { preparedRowsOf, rowsOf, type Executor } from '../../db/client';

export interface AncestorRow {
  id: string;
  username: string;
  role: Role;
  invitedById: string | null;
  packageId: string | null;
  managerPackageId: string | null;
}

/**
 * The user and its inviters, nearest first (bounded: an invitation tree is never that deep).
 * Prepared: every order and every catalogue read prices through it.
 */
export async function loadAncestors(db: Executor, userId: string): Promise<AncestorRow[]> {
  const id = userId.toLowerCase();
  return (await ancestorsOf(db, [id])).get(id) ?? [];
}

/**
 * `loadAncestors` of several users in one query (the order path's `batchedLookup`), by user id as
 * PostgreSQL spells it (lower case).
 */
export async function ancestorsOf(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, AncestorRow[]>> {
  const rows = await preparedRowsOf<Record<string, unknown>>(
    db,
    sql`
    with recursive up as (
      select id as root, id, username, role, invited_by_id, package_id, manager_package_id, 0 as depth
      from users where id = any(${sql.param(userIds)}::uuid[])
      union all
      select up.root, u.id, u.username, u.role, u.invited_by_id, u.package_id, u.manager_package_id,
             up.depth + 1
      from users u join up on u.id = up.invited_by_id
      where up.depth < 64
    )
    select root, id, username, role, invited_by_id, package_id, manager_package_id from up
    order by root, depth`,
  );
  const byUser = new Map<string, AncestorRow[]>();
  for (const r of rows) {
    const root = r.root as string;
    const ancestors = byUser.get(root) ?? [];
    byUser.set(root, ancestors);
    ancestors.push({
      id: r.id as string,
      username: r.username as string,
      role: r.role as Role,
      invitedById: (r.invited_by_id as string | null) ?? null,
      packageId: (r.package_id as string | null) ?? null,
      managerPackageId: (r.manager_package_id as string | null) ?? null,
    });
  }
  return byUser;
}

/*
 * The price lists below are read as one row of texts per list (the product ids joined by commas,
 * and the prices in the same order), not a row per price: a buyer's whole-catalogue list reads
 * ~17,500 prices through a four-level chain, and a handful of long texts cost the driver and
 * the mapping a small part of that many rows (~3 ms of CPU against ~20 ms, measured). An order
 * reads one product's prices the same way.
 */

/** `and product_id = any(ids)` when only some products are wanted. */
const onlyProducts = (column: SQL, productIds?: readonly string[]) =>
  productIds ? sql` and ${column} = any(${sql.param([...productIds])}::uuid[])` : sql``;

/** A price list read as texts: each product id with its figure, as cents. */
function priceList(ids: string | null | undefined, cents: string | null | undefined) {
  const products = ids ? ids.split(',') : [];
  const figures = cents ? cents.split(',') : [];
  if (figures.length !== products.length) throw new Error('a price list out of step');
  const list = new Map<string, bigint>();
  for (let i = 0; i < products.length; i++) list.set(products[i] ?? '', BigInt(figures[i] ?? ''));
  return list;
}

/** The admin package's prices by product. */
export async function adminPackagePrices(
  db: Executor,
  packageId: string,
  productIds?: readonly string[],
) {
  const [texts] = await rowsOf<{
    ids: string | null;
    manager: string | null;
    reseller: string | null;
  }>(
    db,
    sql`select string_agg(product_id::text, ',' order by product_id) as ids,
        string_agg(manager_price_cents::text, ',' order by product_id) as manager,
        string_agg(reseller_price_cents::text, ',' order by product_id) as reseller
      from package_products
      where package_id = ${packageId}${onlyProducts(sql`product_id`, productIds)}`,
  );
  const manager = priceList(texts?.ids, texts?.manager);
  const reseller = priceList(texts?.ids, texts?.reseller);
  return new Map(
    [...manager].map(([id, managerPriceCents]) => [
      id,
      { managerPriceCents, resellerPriceCents: reseller.get(id) ?? managerPriceCents },
    ]),
  );
}

/**
 * Prices of a manager package by product, only if `ownerId` owns it (a stale assignment grants
 * nothing).
 */
export async function managerPackagePrices(
  db: Executor,
  packageId: string,
  ownerId: string,
  productIds?: readonly string[],
) {
  const [texts] = await rowsOf<{ ids: string | null; price: string | null }>(
    db,
    sql`select string_agg(mpp.product_id::text, ',' order by mpp.product_id) as ids,
        string_agg(mpp.reseller_price_cents::text, ',' order by mpp.product_id) as price
      from manager_package_products mpp
      join manager_packages mp on mp.id = mpp.package_id
      where mpp.package_id = ${packageId} and mp.owner_id = ${ownerId}${onlyProducts(
        sql`mpp.product_id`,
        productIds,
      )}`,
  );
  return priceList(texts?.ids, texts?.price);
}

/** The prices of the (seller, product) pairs `sellerIds[i]`, `productIds[i]` that have one. */
export async function sellerPriceRows(
  db: Executor,
  sellerIds: readonly string[],
  productIds: readonly string[],
): Promise<{ seller: string; product: string; cents: string }[]> {
  return preparedRowsOf(
    db,
    sql`select seller_id::text as seller, product_id::text as product, price_cents::text as cents
        from seller_prices
        where (seller_id, product_id) in (
          select * from unnest(${sql.param([...sellerIds])}::uuid[], ${sql.param([...productIds])}::uuid[]))`,
  );
}

/** Each seller's own selling prices (Price Control), by seller then product. */
export async function sellerPricesOf(
  db: Executor,
  sellerIds: readonly string[],
  productIds?: readonly string[],
): Promise<Map<string, Map<string, bigint>>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await rowsOf<{ seller: string; ids: string | null; price: string | null }>(
    db,
    sql`select seller_id::text as seller,
        string_agg(product_id::text, ',' order by product_id) as ids,
        string_agg(price_cents::text, ',' order by product_id) as price
      from seller_prices
      where seller_id = any(${sql.param([...sellerIds])}::uuid[])${onlyProducts(
        sql`product_id`,
        productIds,
      )}
      group by seller_id`,
  );
  return new Map(rows.map((row) => [row.seller, priceList(row.ids, row.price)]));
}

/** A seller's standing rules: markup in basis points by category id, `null` for every product. */
export type SellerRules = Map<string | null, number>;

/**
 * The standing rules of `sellerIds` (price_rules), by seller id as PostgreSQL spells it. A seller
 * has a handful at most (one per category), so one row per rule.
 */
export async function priceRulesOf(
  db: Executor,
  sellerIds: readonly string[],
): Promise<Map<string, SellerRules>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await preparedRowsOf<{
    seller: string;
    category: string | null;
    markup: number;
  }>(
    db,
    sql`select seller_id::text as seller, category_id::text as category,
        markup_basis_points as markup
      from price_rules where seller_id = any(${sql.param([...sellerIds])}::uuid[])`,
  );
  const bySeller = new Map<string, SellerRules>();
  for (const row of rows) {
    const rules = bySeller.get(row.seller) ?? new Map<string | null, number>();
    bySeller.set(row.seller, rules.set(row.category, Number(row.markup)));
  }
  return bySeller;
}
