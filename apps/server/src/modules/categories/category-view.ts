import type { Category, Subcategory } from '@keymarket/contracts/catalogue';
import { fileUrl } from '../files/files.repository';
import type { CategoryRow, SubcategoryRow } from './categories.repository';

export interface ProductCounts {
  byCategory: Map<string, number>;
  bySubcategory: Map<string, number>;
}

export function countsOf(
  rows: readonly { categoryId: string; subcategoryId: string | null; count: number }[],
): ProductCounts {
  const byCategory = new Map<string, number>();
  const bySubcategory = new Map<string, number>();
  for (const row of rows) {
    byCategory.set(row.categoryId, (byCategory.get(row.categoryId) ?? 0) + row.count);
    if (row.subcategoryId) {
      bySubcategory.set(row.subcategoryId, (bySubcategory.get(row.subcategoryId) ?? 0) + row.count);
    }
  }
  return { byCategory, bySubcategory };
}

const localised = (row: CategoryRow | SubcategoryRow) => ({
  id: row.id,
  nameEn: row.nameEn,
  nameFr: row.nameFr,
  nameAr: row.nameAr,
  descriptionEn: row.descriptionEn,
  descriptionFr: row.descriptionFr,
  descriptionAr: row.descriptionAr,
  imageUrl: fileUrl(row.imageFileId),
  createdAt: row.createdAt.toISOString(),
});

export function subcategoryView(row: SubcategoryRow, counts: ProductCounts): Subcategory {
  return {
    ...localised(row),
    categoryId: row.categoryId,
    productCount: counts.bySubcategory.get(row.id) ?? 0,
  };
}

export function categoryView(
  row: CategoryRow,
  subcategories: readonly SubcategoryRow[],
  counts: ProductCounts,
): Category {
  return {
    ...localised(row),
    productCount: counts.byCategory.get(row.id) ?? 0,
    subcategories: subcategories
      .filter((sub) => sub.categoryId === row.id)
      .map((sub) => subcategoryView(sub, counts)),
  };
}
