import type { z } from 'zod';
import type {
  Category,
  categoryFieldsSchema,
  categoryPatchSchema,
  Subcategory,
  subcategoryFieldsSchema,
  subcategoryPatchSchema,
} from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pgErrorCode } from '../../lib/pg-errors';
import type { Upload } from '../../lib/uploads';
import type { AuthContext } from '../access/auth-context';
import { assertMayEditCatalogue } from '../access/policy';
import { removeFiles, storeFile } from '../files/files.repository';
import { writeAudit } from '../ledger/ledger.repository';
import {
  categoryDependents,
  deleteCategory,
  deleteSubcategory,
  findCategory,
  findSubcategory,
  insertCategory,
  insertSubcategory,
  listCategories,
  listSubcategories,
  liveProductCounts,
  moveSubcategoryProducts,
  subcategoryProductCount,
  updateCategory,
  updateSubcategory,
} from './categories.repository';
import { categoryView, countsOf, subcategoryView } from './category-view';

type CategoryFields = z.output<typeof categoryFieldsSchema>;
type CategoryPatch = z.output<typeof categoryPatchSchema>;
type SubcategoryFields = z.output<typeof subcategoryFieldsSchema>;
type SubcategoryPatch = z.output<typeof subcategoryPatchSchema>;

const categoryNotFound = () => new AppError('not_found', messages.categoryNotFound);
const subcategoryNotFound = () => new AppError('not_found', messages.subcategoryNotFound);
/** Postgres foreign_key_violation: a product or subcategory was added while we deleted. */
const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === '23503';

export class CategoriesService {
  constructor(private readonly db: Database) {}

  /** Every category with its subcategories and live product counts (three queries in all). */
  async list(): Promise<{ data: Category[] }> {
    const [categoryRows, subcategoryRows, counts] = await Promise.all([
      listCategories(this.db),
      listSubcategories(this.db),
      liveProductCounts(this.db),
    ]);
    const productCounts = countsOf(counts);
    return { data: categoryRows.map((row) => categoryView(row, subcategoryRows, productCounts)) };
  }

  async subcategoriesOf(categoryIds: readonly string[]): Promise<{ data: Subcategory[] }> {
    const [rows, counts] = await Promise.all([
      listSubcategories(this.db, categoryIds),
      liveProductCounts(this.db, categoryIds),
    ]);
    const productCounts = countsOf(counts);
    return { data: rows.map((row) => subcategoryView(row, productCounts)) };
  }

  async createCategory(
    caller: AuthContext,
    { image, ...fields }: CategoryFields & { image: Upload },
  ): Promise<Category> {
    assertMayEditCatalogue(caller);
    const id = await this.db.transaction(async (tx) => {
      const imageFileId = await storeFile(tx, image, {
        purpose: 'category',
        ownerId: caller.userId,
      });
      const row = await insertCategory(tx, { ...fields, imageFileId });
      await audit(tx, caller, 'category.created', row.id, undefined, fields);
      return row.id;
    });
    return this.category(id);
  }

  /** PUT (form, image optional) and PATCH (JSON, any subset of the fields). */
  async updateCategory(
    caller: AuthContext,
    id: string,
    { image, ...fields }: CategoryPatch & { image?: Upload },
  ): Promise<Category> {
    assertMayEditCatalogue(caller);
    await this.db.transaction(async (tx) => {
      const before = await findCategory(tx, id);
      if (!before) throw categoryNotFound();
      const imageFileId = image
        ? await storeFile(tx, image, { purpose: 'category', ownerId: caller.userId })
        : undefined;
      await updateCategory(tx, id, { ...fields, imageFileId });
      if (imageFileId) await removeFiles(tx, [before.imageFileId]);
      await audit(tx, caller, 'category.updated', id, before, { ...fields, imageFileId });
    });
    return this.category(id);
  }

  async deleteCategory(caller: AuthContext, id: string) {
    assertMayEditCatalogue(caller);
    await this.db
      .transaction(async (tx) => {
        const category = await findCategory(tx, id);
        if (!category) throw categoryNotFound();
        const dependents = await categoryDependents(tx, id);
        if (dependents.products > 0 || dependents.subcategories > 0) {
          // A fixed text, so the web shows it translated; the details give the counts.
          throw new AppError('conflict', messages.categoryInUse, [
            { path: 'products', message: `${dependents.products} product(s)` },
            { path: 'subcategories', message: `${dependents.subcategories} subcategory(ies)` },
          ]);
        }
        await deleteCategory(tx, id);
        await removeFiles(tx, [category.imageFileId]);
        await audit(tx, caller, 'category.deleted', id, category, undefined);
      })
      .catch(rethrowInUse(messages.categoryInUse));
    return { ok: true as const };
  }

  async createSubcategory(
    caller: AuthContext,
    { image, ...fields }: SubcategoryFields & { image: Upload },
  ): Promise<Subcategory> {
    assertMayEditCatalogue(caller);
    const id = await this.db.transaction(async (tx) => {
      if (!(await findCategory(tx, fields.categoryId))) throw categoryNotFound();
      const imageFileId = await storeFile(tx, image, {
        purpose: 'subcategory',
        ownerId: caller.userId,
      });
      const row = await insertSubcategory(tx, { ...fields, imageFileId });
      await audit(tx, caller, 'subcategory.created', row.id, undefined, fields);
      return row.id;
    });
    return this.subcategory(id);
  }

  async updateSubcategory(
    caller: AuthContext,
    id: string,
    { image, ...fields }: SubcategoryPatch & { image?: Upload },
  ): Promise<Subcategory> {
    assertMayEditCatalogue(caller);
    await this.db.transaction(async (tx) => {
      const before = await findSubcategory(tx, id);
      if (!before) throw subcategoryNotFound();
      const movingTo = fields.categoryId !== before.categoryId ? fields.categoryId : undefined;
      if (movingTo && !(await findCategory(tx, movingTo))) throw categoryNotFound();
      const imageFileId = image
        ? await storeFile(tx, image, { purpose: 'subcategory', ownerId: caller.userId })
        : undefined;
      await updateSubcategory(tx, id, { ...fields, imageFileId });
      // A product's category and subcategory always agree.
      if (movingTo) await moveSubcategoryProducts(tx, id, movingTo);
      if (imageFileId) await removeFiles(tx, [before.imageFileId]);
      await audit(tx, caller, 'subcategory.updated', id, before, { ...fields, imageFileId });
    });
    return this.subcategory(id);
  }

  async deleteSubcategory(caller: AuthContext, id: string) {
    assertMayEditCatalogue(caller);
    await this.db
      .transaction(async (tx) => {
        const subcategory = await findSubcategory(tx, id);
        if (!subcategory) throw subcategoryNotFound();
        const count = await subcategoryProductCount(tx, id);
        if (count > 0) {
          // The specification's own text, so the web shows it translated; the detail says why.
          throw new AppError('conflict', messages.failedToDeleteSubcategory, [
            { path: 'products', message: `This subcategory still has ${count} product(s)` },
          ]);
        }
        await deleteSubcategory(tx, id);
        await removeFiles(tx, [subcategory.imageFileId]);
        await audit(tx, caller, 'subcategory.deleted', id, subcategory, undefined);
      })
      .catch(rethrowInUse(messages.failedToDeleteSubcategory));
    return { ok: true as const };
  }

  private async category(id: string): Promise<Category> {
    const row = await findCategory(this.db, id);
    if (!row) throw categoryNotFound();
    const [subs, counts] = await Promise.all([
      listSubcategories(this.db, [id]),
      liveProductCounts(this.db, [id]),
    ]);
    return categoryView(row, subs, countsOf(counts));
  }

  private async subcategory(id: string): Promise<Subcategory> {
    const row = await findSubcategory(this.db, id);
    if (!row) throw subcategoryNotFound();
    return subcategoryView(row, countsOf(await liveProductCounts(this.db, [row.categoryId])));
  }
}

/** A row that appeared between our count and our delete still blocks it: same 409. */
const rethrowInUse = (text: string) => (error: unknown) => {
  if (isForeignKeyViolation(error)) throw new AppError('conflict', text);
  throw error;
};

const audit = (
  tx: Executor,
  caller: AuthContext,
  action: `${'category' | 'subcategory'}.${string}`,
  targetId: string,
  before: unknown,
  after: unknown,
) =>
  writeAudit(tx, {
    actorId: caller.userId,
    action,
    targetType: action.startsWith('subcategory.') ? 'subcategory' : 'category',
    targetId,
    before,
    after,
  });
