import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { packageProducts, packages, products, users } from '../../db/schema/index';
import { oneRow } from '../../lib/rows';

export type PackageRow = typeof packages.$inferSelect;
export interface PackagePriceRow {
  productId: string;
  managerPriceCents: bigint;
  resellerPriceCents: bigint;
}

export async function listPackages(db: Executor, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(packages)
      .orderBy(desc(packages.createdAt), desc(packages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(packages),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findPackage(db: Executor, id: string) {
  const [row] = await db.select().from(packages).where(eq(packages.id, id)).limit(1);
  return row;
}

/**
 * Locks the package for the transaction: `share` while assigning it, `update` while deleting
 * it, so an assignment cannot slip in between a deletion's release of holders and its delete.
 */
export async function lockPackage(db: Executor, id: string, mode: 'share' | 'update') {
  const [row] = await db.select().from(packages).where(eq(packages.id, id)).for(mode);
  return row;
}

/** The products of these packages with their names, for the package views. */
export async function productsOfPackages(db: Executor, packageIds: readonly string[]) {
  if (packageIds.length === 0) return [];
  return db
    .select({
      packageId: packageProducts.packageId,
      productId: packageProducts.productId,
      productName: products.name,
      managerPriceCents: packageProducts.managerPriceCents,
      resellerPriceCents: packageProducts.resellerPriceCents,
    })
    .from(packageProducts)
    .innerJoin(products, eq(products.id, packageProducts.productId))
    .where(inArray(packageProducts.packageId, [...packageIds]))
    .orderBy(asc(products.name), asc(products.id));
}

export async function holderCounts(db: Executor, packageIds: readonly string[]) {
  if (packageIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ packageId: users.packageId, n: sql<number>`count(*)::int` })
    .from(users)
    .where(inArray(users.packageId, [...packageIds]))
    .groupBy(users.packageId);
  // The filter on packageId leaves no row without one; the column is nullable, hence the check.
  return new Map(rows.flatMap(({ packageId, n }) => (packageId ? [[packageId, n] as const] : [])));
}

export async function insertPackage(db: Executor, values: { name: string; description: string }) {
  return oneRow(await db.insert(packages).values(values).returning());
}

export async function updatePackage(
  db: Executor,
  id: string,
  values: { name: string; description: string },
) {
  const [row] = await db
    .update(packages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(packages.id, id))
    .returning();
  return row;
}

/** Deletes the package (its prices cascade) after releasing its holders. */
export async function deletePackage(db: Executor, id: string) {
  await db
    .update(users)
    .set({ packageId: null, updatedAt: sql`now()` })
    .where(eq(users.packageId, id));
  const [row] = await db.delete(packages).where(eq(packages.id, id)).returning();
  return row;
}

export async function replacePackageProducts(
  db: Executor,
  packageId: string,
  rows: readonly PackagePriceRow[],
) {
  await db.delete(packageProducts).where(eq(packageProducts.packageId, packageId));
  for (let i = 0; i < rows.length; i += 5000) {
    await db
      .insert(packageProducts)
      .values(rows.slice(i, i + 5000).map((row) => ({ packageId, ...row })));
  }
}

export async function upsertPackageProduct(db: Executor, packageId: string, row: PackagePriceRow) {
  await db
    .insert(packageProducts)
    .values({ packageId, ...row })
    .onConflictDoUpdate({
      target: [packageProducts.packageId, packageProducts.productId],
      set: { managerPriceCents: row.managerPriceCents, resellerPriceCents: row.resellerPriceCents },
    });
}

export async function setUserPackage(db: Executor, userId: string, packageId: string | null) {
  await db
    .update(users)
    .set({ packageId, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
