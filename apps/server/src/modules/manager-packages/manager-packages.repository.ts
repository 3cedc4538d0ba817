import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { managerPackageProducts, managerPackages, products, users } from '../../db/schema/index';
import { oneRow } from '../../lib/rows';

export type ManagerPackageRow = typeof managerPackages.$inferSelect;
export interface ManagerPackagePriceRow {
  productId: string;
  resellerPriceCents: bigint;
}

/** `ownerId` undefined: every manager's packages (administrators reading). */
export async function listManagerPackages(
  db: Executor,
  ownerId: string | undefined,
  limit: number,
  offset: number,
) {
  const where = ownerId ? eq(managerPackages.ownerId, ownerId) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(managerPackages)
      .where(where)
      .orderBy(desc(managerPackages.createdAt), desc(managerPackages.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(managerPackages)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findManagerPackage(db: Executor, id: string) {
  const [row] = await db.select().from(managerPackages).where(eq(managerPackages.id, id)).limit(1);
  return row;
}

/** Locks the package (see lockPackage in the packages module for why). */
export async function lockManagerPackage(db: Executor, id: string, mode: 'share' | 'update') {
  const [row] = await db.select().from(managerPackages).where(eq(managerPackages.id, id)).for(mode);
  return row;
}

/** The live products of these packages: a manager never sees a soft-deleted product. */
export async function productsOfManagerPackages(db: Executor, packageIds: readonly string[]) {
  if (packageIds.length === 0) return [];
  return db
    .select({
      packageId: managerPackageProducts.packageId,
      productId: managerPackageProducts.productId,
      productName: products.name,
      resellerPriceCents: managerPackageProducts.resellerPriceCents,
    })
    .from(managerPackageProducts)
    .innerJoin(products, eq(products.id, managerPackageProducts.productId))
    .where(
      and(inArray(managerPackageProducts.packageId, [...packageIds]), isNull(products.deletedAt)),
    )
    .orderBy(asc(products.name), asc(products.id));
}

/**
 * Holders per package, counting only the owner's own invitees: an assignment is only ever made
 * to them, and pricing ignores any other.
 */
export async function managerPackageHolderCounts(
  db: Executor,
  packages: readonly ManagerPackageRow[],
) {
  if (packages.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ packageId: users.managerPackageId, n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(managerPackages, eq(managerPackages.id, users.managerPackageId))
    .where(
      and(
        inArray(
          users.managerPackageId,
          packages.map((p) => p.id),
        ),
        eq(users.invitedById, managerPackages.ownerId),
      ),
    )
    .groupBy(users.managerPackageId);
  // The filter on packageId leaves no row without one; the column is nullable, hence the check.
  return new Map(rows.flatMap(({ packageId, n }) => (packageId ? [[packageId, n] as const] : [])));
}

export async function insertManagerPackage(
  db: Executor,
  values: { ownerId: string; name: string; description: string },
) {
  return oneRow(await db.insert(managerPackages).values(values).returning());
}

export async function updateManagerPackage(
  db: Executor,
  id: string,
  values: { name: string; description: string },
) {
  await db
    .update(managerPackages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(managerPackages.id, id));
}

/** Deletes the package (its prices cascade) after releasing its holders. */
export async function deleteManagerPackage(db: Executor, id: string) {
  await db
    .update(users)
    .set({ managerPackageId: null, updatedAt: sql`now()` })
    .where(eq(users.managerPackageId, id));
  await db.delete(managerPackages).where(eq(managerPackages.id, id));
}

export async function replaceManagerPackageProducts(
  db: Executor,
  packageId: string,
  rows: readonly ManagerPackagePriceRow[],
) {
  await db.delete(managerPackageProducts).where(eq(managerPackageProducts.packageId, packageId));
  for (let i = 0; i < rows.length; i += 5000) {
    await db
      .insert(managerPackageProducts)
      .values(rows.slice(i, i + 5000).map((row) => ({ packageId, ...row })));
  }
}

export async function upsertManagerPackageProduct(
  db: Executor,
  packageId: string,
  row: ManagerPackagePriceRow,
) {
  await db
    .insert(managerPackageProducts)
    .values({ packageId, ...row })
    .onConflictDoUpdate({
      target: [managerPackageProducts.packageId, managerPackageProducts.productId],
      set: { resellerPriceCents: row.resellerPriceCents },
    });
}

export async function setUserManagerPackage(
  db: Executor,
  userId: string,
  packageId: string | null,
) {
  await db
    .update(users)
    .set({ managerPackageId: packageId, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
