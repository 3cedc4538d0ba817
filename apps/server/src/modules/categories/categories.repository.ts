import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { categories, products, subcategories } from '../../db/schema/index';
import { oneRow } from '../../lib/rows';

export type CategoryRow = typeof categories.$inferSelect;
export type SubcategoryRow = typeof subcategories.$inferSelect;
type LocalisedValues = Pick<
  typeof categories.$inferInsert,
  'nameEn' | 'nameFr' | 'nameAr' | 'descriptionEn' | 'descriptionFr' | 'descriptionAr'
>;

export async function listCategories(db: Executor) {
  return db.select().from(categories).orderBy(asc(categories.nameEn), asc(categories.id));
}

export async function listSubcategories(db: Executor, categoryIds?: readonly string[]) {
  return db
    .select()
    .from(subcategories)
    .where(categoryIds ? inArray(subcategories.categoryId, [...categoryIds]) : undefined)
    .orderBy(asc(subcategories.nameEn), asc(subcategories.id));
}

/** Live (not soft-deleted) products per category and subcategory, in one grouped scan. */
export async function liveProductCounts(db: Executor, categoryIds?: readonly string[]) {
  return db
    .select({
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
      count: sql<number>`count(*)::int`,
    })
    .from(products)
    .where(
      and(
        isNull(products.deletedAt),
        categoryIds ? inArray(products.categoryId, [...categoryIds]) : undefined,
      ),
    )
    .groupBy(products.categoryId, products.subcategoryId);
}

export async function findCategory(db: Executor, id: string) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row;
}

export async function findSubcategory(db: Executor, id: string) {
  const [row] = await db.select().from(subcategories).where(eq(subcategories.id, id)).limit(1);
  return row;
}

export async function insertCategory(
  db: Executor,
  values: LocalisedValues & { imageFileId: string | null },
) {
  return oneRow(await db.insert(categories).values(values).returning());
}

export async function updateCategory(
  db: Executor,
  id: string,
  values: Partial<LocalisedValues> & { imageFileId?: string | null },
) {
  const [row] = await db
    .update(categories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(categories.id, id))
    .returning();
  return row;
}

export async function deleteCategory(db: Executor, id: string) {
  const [row] = await db.delete(categories).where(eq(categories.id, id)).returning();
  return row;
}

export async function insertSubcategory(
  db: Executor,
  values: LocalisedValues & { categoryId: string; imageFileId: string | null },
) {
  return oneRow(await db.insert(subcategories).values(values).returning());
}

export async function updateSubcategory(
  db: Executor,
  id: string,
  values: Partial<LocalisedValues> & { categoryId?: string; imageFileId?: string | null },
) {
  const [row] = await db
    .update(subcategories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(subcategories.id, id))
    .returning();
  return row;
}

export async function deleteSubcategory(db: Executor, id: string) {
  const [row] = await db.delete(subcategories).where(eq(subcategories.id, id)).returning();
  return row;
}

/**
 * What still hangs on a category: products of any state (soft-deleted ones can be restored).
 * One statement: it may run in the delete's transaction, one connection, one query at a time.
 */
export async function categoryDependents(db: Executor, id: string) {
  return oneRow(
    await rowsOf<{ products: number; subcategories: number }>(
      db,
      sql`select
        (select count(*)::int from ${products} where ${products.categoryId} = ${id}) as products,
        (select count(*)::int from ${subcategories} where ${subcategories.categoryId} = ${id}) as subcategories`,
    ),
  );
}

export async function subcategoryProductCount(db: Executor, id: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.subcategoryId, id));
  return row?.n ?? 0;
}

/** A subcategory moved to another category takes its products along. */
export async function moveSubcategoryProducts(
  db: Executor,
  subcategoryId: string,
  categoryId: string,
) {
  await db
    .update(products)
    .set({ categoryId, updatedAt: sql`now()` })
    .where(eq(products.subcategoryId, subcategoryId));
}
