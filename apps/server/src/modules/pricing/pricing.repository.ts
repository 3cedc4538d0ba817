import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@keymarket/contracts/users';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { preparedRowsOf, type Executor } from '../../db/client';
import {
  managerPackageProducts,
  managerPackages,
  packageProducts,
  sellerPrices,
} from '../../db/schema/index';

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

const productFilter = (column: AnyPgColumn, productIds?: readonly string[]) =>
  productIds ? inArray(column, [...productIds]) : undefined;

export async function adminPackagePrices(
  db: Executor,
  packageId: string,
  productIds?: readonly string[],
) {
  return db
    .select({
      productId: packageProducts.productId,
      managerPriceCents: packageProducts.managerPriceCents,
      resellerPriceCents: packageProducts.resellerPriceCents,
    })
    .from(packageProducts)
    .where(
      and(
        eq(packageProducts.packageId, packageId),
        productFilter(packageProducts.productId, productIds),
      ),
    );
}

/** Prices of a manager package, only if `ownerId` owns it (a stale assignment grants nothing). */
export async function managerPackagePrices(
  db: Executor,
  packageId: string,
  ownerId: string,
  productIds?: readonly string[],
) {
  return db
    .select({
      productId: managerPackageProducts.productId,
      priceCents: managerPackageProducts.resellerPriceCents,
    })
    .from(managerPackageProducts)
    .innerJoin(managerPackages, eq(managerPackages.id, managerPackageProducts.packageId))
    .where(
      and(
        eq(managerPackageProducts.packageId, packageId),
        eq(managerPackages.ownerId, ownerId),
        productFilter(managerPackageProducts.productId, productIds),
      ),
    );
}

export async function sellerPricesOf(
  db: Executor,
  sellerIds: readonly string[],
  productIds?: readonly string[],
) {
  if (sellerIds.length === 0) return [];
  return db
    .select({
      sellerId: sellerPrices.sellerId,
      productId: sellerPrices.productId,
      priceCents: sellerPrices.priceCents,
    })
    .from(sellerPrices)
    .where(
      and(
        inArray(sellerPrices.sellerId, [...sellerIds]),
        productFilter(sellerPrices.productId, productIds),
      ),
    );
}
