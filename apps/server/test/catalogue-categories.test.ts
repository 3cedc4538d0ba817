import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Category, Subcategory } from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import { products } from '../src/db/schema/index';
import { expectError, expectValidation } from './helpers/expect-error';
import { form, pngFile } from './helpers/multipart';
import { useCatalogueApp } from './helpers/catalogue-app';
import { useSignedIn } from './helpers/use-app';

const { ctx, catalogue, admin } = useCatalogueApp();
const manager = useSignedIn(ctx, 'manager', admin);
const reseller = useSignedIn(ctx, 'reseller', manager);

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const localised = (name: string) => ({
  nameEn: name,
  nameFr: `${name} (fr)`,
  nameAr: `${name} (ar)`,
  descriptionEn: `About ${name}`,
});

async function createCategory(name: string): Promise<Category> {
  const res = await admin.inject({
    method: 'POST',
    url: '/api/categories/category',
    payload: form(localised(name), { image: pngFile() }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function createSubcategory(categoryId: string, name: string): Promise<Subcategory> {
  const res = await admin.inject({
    method: 'POST',
    url: '/api/categories/subcategory',
    payload: form({ ...localised(name), categoryId }, { image: pngFile() }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A product in `categoryId` (and subcategory), inserted directly. */
async function productIn(categoryId: string, subcategoryId: string | null = null) {
  const product = await catalogue.product({ deliveryType: 'request' });
  await ctx.database.db
    .update(products)
    .set({ categoryId, subcategoryId })
    .where(eq(products.id, product.id));
  return product;
}

describe('categories', () => {
  it('creates a category with names in three languages and lists it with subcategories and counts', async () => {
    const category = await createCategory('Consoles');
    expect(category).toMatchObject({
      nameEn: 'Consoles',
      nameFr: 'Consoles (fr)',
      nameAr: 'Consoles (ar)',
      descriptionEn: 'About Consoles',
      descriptionFr: '',
      productCount: 0,
      subcategories: [],
    });
    const sub = await createSubcategory(category.id, 'PlayStation');
    await productIn(category.id, sub.id);
    await productIn(category.id);
    const deleted = await productIn(category.id, sub.id);
    await ctx.database.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, deleted.id));

    const res = await reseller.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const listed = res.json<{ data: Category[] }>().data.find((c) => c.id === category.id)!;
    // Soft-deleted products are not counted.
    expect(listed.productCount).toBe(2);
    expect(listed.subcategories).toEqual([
      expect.objectContaining({ id: sub.id, categoryId: category.id, productCount: 1 }),
    ]);
    expect(listed.imageUrl).toMatch(/^\/api\/files\//);
  });

  it('keeps Arabic and French text intact through a multipart form', async () => {
    const res = await admin.inject({
      method: 'POST',
      url: '/api/categories/category',
      payload: form(
        { nameEn: 'Cards', nameFr: 'Cartes cadeaux été', nameAr: 'بطاقات الهدايا' },
        { image: pngFile() },
      ),
    });
    expect(res.json()).toMatchObject({ nameFr: 'Cartes cadeaux été', nameAr: 'بطاقات الهدايا' });
  });

  it('validates localised fields: names required and at most 100 characters', async () => {
    const missing = await admin.inject({
      method: 'POST',
      url: '/api/categories/category',
      payload: form({ nameEn: 'Only English' }, { image: pngFile() }),
    });
    const body = expectValidation(missing, 'body.nameFr', 'This field is required');
    expect(body.details?.map((d) => d.path)).toContain('body.nameAr');
    const long = await admin.inject({
      method: 'PATCH',
      url: `/api/categories/${(await createCategory('Long')).id}`,
      payload: { nameAr: 'x'.repeat(101) },
    });
    expectValidation(long, 'body.nameAr', 'Name cannot exceed 100 characters');
  });

  it('PATCH changes only the fields sent', async () => {
    const category = await createCategory('Patchable');
    const res = await admin.inject({
      method: 'PATCH',
      url: `/api/categories/${category.id}`,
      payload: { nameFr: 'Modifiable' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      nameEn: 'Patchable',
      nameFr: 'Modifiable',
      descriptionEn: 'About Patchable',
      imageUrl: category.imageUrl,
    });
  });

  it('answers an unknown category with 404 Category Not Found', async () => {
    for (const request of [
      { method: 'PATCH' as const, url: `/api/categories/${UNKNOWN}`, payload: { nameEn: 'x' } },
      { method: 'DELETE' as const, url: `/api/categories/${UNKNOWN}` },
      {
        method: 'PUT' as const,
        url: `/api/categories/category/${UNKNOWN}`,
        payload: form(localised('x')),
      },
      {
        method: 'POST' as const,
        url: '/api/categories/subcategory',
        payload: form({ ...localised('x'), categoryId: UNKNOWN }, { image: pngFile() }),
      },
    ]) {
      expectError(await admin.inject(request), 404, 'not_found', messages.categoryNotFound);
    }
  });

  it('refuses to delete a category that has products or subcategories (409), then deletes it', async () => {
    const category = await createCategory('Busy');
    const product = await productIn(category.id);
    const refused = expectError(
      await admin.inject({ method: 'DELETE', url: `/api/categories/${category.id}` }),
      409,
      'conflict',
      messages.categoryInUse,
    );
    expect(refused.details).toContainEqual({ path: 'products', message: '1 product(s)' });
    // Soft-deleted products still hold the category: they can be restored.
    await ctx.database.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, product.id));
    expectError(
      await admin.inject({ method: 'DELETE', url: `/api/categories/${category.id}` }),
      409,
      'conflict',
    );
    await ctx.database.db.delete(products).where(eq(products.id, product.id));
    const sub = await createSubcategory(category.id, 'Child');
    expectError(
      await admin.inject({ method: 'DELETE', url: `/api/categories/${category.id}` }),
      409,
      'conflict',
    );
    expect(
      (await admin.inject({ method: 'DELETE', url: `/api/categories/subcategory/${sub.id}` }))
        .statusCode,
    ).toBe(200);
    const res = await admin.inject({ method: 'DELETE', url: `/api/categories/${category.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // Its image went with it.
    expect((await ctx.app.inject({ method: 'GET', url: category.imageUrl! })).statusCode).toBe(404);
  });
});

describe('subcategories', () => {
  it('refuses to delete a subcategory that has products (409 Failed to delete subcategory)', async () => {
    const category = await createCategory('Holder');
    const sub = await createSubcategory(category.id, 'Held');
    await productIn(category.id, sub.id);
    const res = await admin.inject({
      method: 'DELETE',
      url: `/api/categories/subcategory/${sub.id}`,
    });
    const body = expectError(res, 409, 'conflict', messages.failedToDeleteSubcategory);
    expect(body.details?.[0]?.message).toMatch(/1 product/);
  });

  it('PUT, PATCH, and moving a subcategory takes its products to the new category', async () => {
    const from = await createCategory('From');
    const to = await createCategory('To');
    const sub = await createSubcategory(from.id, 'Mover');
    const product = await productIn(from.id, sub.id);

    const put = await admin.inject({
      method: 'PUT',
      url: `/api/categories/subcategory/${sub.id}`,
      payload: form({ ...localised('Moved'), categoryId: from.id }),
    });
    expect(put.json()).toMatchObject({ nameEn: 'Moved', imageUrl: sub.imageUrl });

    const patch = await admin.inject({
      method: 'PATCH',
      url: `/api/categories/subcategory/${sub.id}`,
      payload: { categoryId: to.id },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json()).toMatchObject({ categoryId: to.id, nameEn: 'Moved', productCount: 1 });
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.categoryId).toBe(to.id);

    expectError(
      await admin.inject({
        method: 'PATCH',
        url: `/api/categories/subcategory/${sub.id}`,
        payload: { categoryId: UNKNOWN },
      }),
      404,
      'not_found',
      messages.categoryNotFound,
    );
    expectError(
      await admin.inject({
        method: 'PATCH',
        url: `/api/categories/subcategory/${UNKNOWN}`,
        payload: { nameEn: 'x' },
      }),
      404,
      'not_found',
    );
  });

  it('POST /categories/subcategories lists the subcategories of the given categories', async () => {
    const a = await createCategory('A');
    const b = await createCategory('B');
    const c = await createCategory('C');
    const subA = await createSubcategory(a.id, 'A1');
    const subB = await createSubcategory(b.id, 'B1');
    await createSubcategory(c.id, 'C1');
    const res = await reseller.inject({
      method: 'POST',
      url: '/api/categories/subcategories',
      payload: { ids: [a.id, b.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json<{ data: Subcategory[] }>()
        .data.map((s) => s.id)
        .sort(),
    ).toEqual([subA.id, subB.id].sort());
    expectValidation(
      await reseller.inject({
        method: 'POST',
        url: '/api/categories/subcategories',
        payload: { ids: [] },
      }),
      'body.ids',
    );
  });
});

describe('authorization', () => {
  it('lets any signed-in user read, and nobody but an admin write', async () => {
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/categories' }),
      401,
      'unauthorized',
    );
    const category = await createCategory('Guarded');
    const sub = await createSubcategory(category.id, 'Guarded sub');
    for (const user of [manager, reseller]) {
      expect((await user.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
      for (const request of [
        {
          method: 'POST' as const,
          url: '/api/categories/category',
          payload: form(localised('x'), { image: pngFile() }),
        },
        {
          method: 'PUT' as const,
          url: `/api/categories/category/${category.id}`,
          payload: form(localised('x')),
        },
        {
          method: 'PATCH' as const,
          url: `/api/categories/${category.id}`,
          payload: { nameEn: 'x' },
        },
        { method: 'DELETE' as const, url: `/api/categories/${category.id}` },
        {
          method: 'POST' as const,
          url: '/api/categories/subcategory',
          payload: form({ ...localised('x'), categoryId: category.id }, { image: pngFile() }),
        },
        {
          method: 'PUT' as const,
          url: `/api/categories/subcategory/${sub.id}`,
          payload: form({ ...localised('x'), categoryId: category.id }),
        },
        {
          method: 'PATCH' as const,
          url: `/api/categories/subcategory/${sub.id}`,
          payload: { nameEn: 'x' },
        },
        { method: 'DELETE' as const, url: `/api/categories/subcategory/${sub.id}` },
      ]) {
        expectError(await user.inject(request), 403, 'forbidden');
      }
    }
    const after = await admin.inject({ method: 'GET', url: '/api/categories' });
    expect(after.json<{ data: Category[] }>().data.find((c) => c.id === category.id)).toMatchObject(
      {
        nameEn: 'Guarded',
        subcategories: [expect.objectContaining({ nameEn: 'Guarded sub' })],
      },
    );
  });
});
