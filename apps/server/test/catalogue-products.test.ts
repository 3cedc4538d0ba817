import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { productListSchema, type Product, type ProductList } from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import { categories, products, subcategories } from '../src/db/schema/index';
import type { SignedInUser } from './helpers/factory';
import { expectError, expectValidation } from './helpers/expect-error';
import { form, pngFile } from './helpers/multipart';
import { useCatalogueApp } from './helpers/catalogue-app';
import { useSignedIn } from './helpers/use-app';

const { ctx, catalogue, admin } = useCatalogueApp();
const manager = useSignedIn(ctx, 'manager', admin);
const reseller = useSignedIn(ctx, 'reseller', manager);
let categoryId: string;
let subcategoryId: string;

beforeAll(async () => {
  categoryId = (await catalogue.category('Software')).id;
  const [sub] = await ctx.database.db
    .insert(subcategories)
    .values({ categoryId, nameEn: 'Office', nameFr: 'Bureau', nameAr: 'مكتب' })
    .returning();
  subcategoryId = sub!.id;
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const ADMIN_ONLY = ['initialPrice', 'managerPrice', 'resellerPrice', 'deletedAt'];

const fields = (overrides: Record<string, string | number | boolean | null> = {}) => ({
  name: 'Office 365',
  categoryId,
  subcategoryId,
  deliveryType: 'request',
  isNew: 'true',
  initialPrice: '5',
  managerPrice: '8.5',
  resellerPrice: '10',
  stockQuantity: '7',
  ...overrides,
});

async function createProduct(overrides: Record<string, string | number | boolean | null> = {}) {
  const res = await admin.inject({
    method: 'POST',
    url: '/api/products',
    payload: form(fields(overrides), { image: pngFile() }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Product>();
}

const list = (user: SignedInUser, query = '') =>
  user.inject({ method: 'GET', url: `/api/products${query}` });

describe('creating and editing products (admin)', () => {
  it('creates a product from a form: numbers and booleans coerced, badges derived', async () => {
    const product = await createProduct();
    expect(product).toMatchObject({
      name: 'Office 365',
      category: { id: categoryId, nameEn: 'Software' },
      subcategory: { id: subcategoryId, nameFr: 'Bureau', nameAr: 'مكتب' },
      deliveryType: 'request',
      isNew: true,
      badges: ['new', 'request'],
      stockQuantity: 7,
      price: 5,
      initialPrice: 5,
      managerPrice: 8.5,
      resellerPrice: 10,
      deletedAt: null,
    });
    expect(product.imageUrl).toMatch(/^\/api\/files\//);
  });

  it('ignores the stock sent for an instant product: it starts at 0, out of stock', async () => {
    const product = await createProduct({
      deliveryType: 'instant',
      stockQuantity: '50',
      isNew: 'false',
    });
    expect(product).toMatchObject({ stockQuantity: 0, badges: ['instant', 'out of stock'] });
  });

  it('creates a product without an image and without a subcategory', async () => {
    const res = await admin.inject({
      method: 'POST',
      url: '/api/products',
      payload: form(fields({ subcategoryId: '' })),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ imageUrl: null, subcategory: null });
  });

  it('validates the form with the contract and refuses prices below the initial price', async () => {
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expectValidation(
      await admin.inject({
        method: 'POST',
        url: '/api/products',
        payload: form(
          fields({ initialPrice: '1.234', stockQuantity: '-1', deliveryType: 'email' }),
        ),
      }),
      'body.initialPrice',
    );
    const below = await admin.inject({
      method: 'POST',
      url: '/api/products',
      payload: form(fields({ managerPrice: '4.99' })),
    });
    const body = expectError(below, 400, 'price_below_cost', messages.sellingBelowCost);
    expect(body.details?.[0]?.path).toBe('body.managerPrice');
    expectError(
      await admin.inject({
        method: 'POST',
        url: '/api/products',
        payload: form(fields({ categoryId: UNKNOWN, subcategoryId: '' })),
      }),
      404,
      'not_found',
      messages.categoryNotFound,
    );
    const other = await catalogue.category('Other');
    expectValidation(
      await admin.inject({
        method: 'POST',
        url: '/api/products',
        payload: form(fields({ categoryId: other.id })),
      }),
      'body.subcategoryId',
      'This subcategory belongs to another category',
    );
    const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(after).toEqual(before);
  });

  it('refuses the old `stock` name and any other unknown field, naming it, and saves nothing', async () => {
    const count = async () =>
      (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;
    const before = await count();
    const created = await admin.inject({
      method: 'POST',
      url: '/api/products',
      payload: form({ ...fields(), stockQuantity: undefined, stock: '7' }),
    });
    expectValidation(created, 'body.stock', messages.unknownField);
    expect(await count()).toBe(before);

    const product = await createProduct();
    const patched = await admin.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { stock: 3, name: 'Renamed' },
    });
    expectValidation(patched, 'body.stock', messages.unknownField);
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ name: product.name, stock: 7 });
  });

  it('takes 0 as a price (a free product) and refuses one that rounds to 0 cents', async () => {
    const product = await createProduct();
    const free = await admin.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { initialPrice: 0, managerPrice: 0, resellerPrice: 0 },
    });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json()).toMatchObject({ initialPrice: 0, managerPrice: 0, resellerPrice: 0 });
    for (const payload of [{ resellerPrice: 1e-9 }, { resellerPrice: '0.000000001' }]) {
      expectValidation(
        await admin.inject({ method: 'PATCH', url: `/api/products/${product.id}`, payload }),
        'body.resellerPrice',
      );
    }
    const form1e9 = await admin.inject({
      method: 'POST',
      url: '/api/products',
      payload: form(fields({ initialPrice: '0', managerPrice: '0', resellerPrice: '1e-9' })),
    });
    expectValidation(form1e9, 'body.resellerPrice');
  });

  it('PATCH changes only what it names', async () => {
    const product = await createProduct();
    const res = await admin.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { name: 'Office 2024', stockQuantity: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Office 2024',
      stockQuantity: 3,
      isNew: true,
      subcategory: { id: subcategoryId },
      managerPrice: 8.5,
      imageUrl: product.imageUrl,
    });
    const moved = await admin.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { categoryId: (await catalogue.category('Moved')).id },
    });
    // Moving to another category leaves the old category's subcategory behind.
    expect(moved.json()).toMatchObject({ category: { nameEn: 'Moved' }, subcategory: null });
    expectError(
      await admin.inject({
        method: 'PATCH',
        url: `/api/products/${product.id}`,
        payload: { initialPrice: 9 },
      }),
      400,
      'price_below_cost',
    );
  });

  it('PUT replaces the fields from a form and keeps the image when none is sent', async () => {
    const product = await createProduct();
    const res = await admin.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      payload: form(fields({ name: 'Office Pro', isNew: 'false', stockQuantity: '0' })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Office Pro',
      isNew: false,
      stockQuantity: 0,
      badges: ['request', 'out of stock'],
      imageUrl: product.imageUrl,
    });
  });

  it('keeps an instant product stock equal to its keys', async () => {
    const product = await createProduct({ deliveryType: 'instant' });
    await catalogue.addKeys(product.id, 2);
    expectError(
      await admin.inject({
        method: 'PATCH',
        url: `/api/products/${product.id}`,
        payload: { stockQuantity: 10 },
      }),
      409,
      'conflict',
    );
    // A PUT form always carries a stock field: for an instant product it is ignored.
    const put = await admin.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      payload: form(fields({ deliveryType: 'instant', stockQuantity: '99' })),
    });
    expect(put.json()).toMatchObject({ stockQuantity: 2 });
    expectError(
      await admin.inject({
        method: 'PATCH',
        url: `/api/products/${product.id}`,
        payload: { deliveryType: 'request' },
      }),
      409,
      'conflict',
    );
    // A request product becoming instant takes its stock from its keys (none).
    const request = await createProduct();
    const switched = await admin.inject({
      method: 'PATCH',
      url: `/api/products/${request.id}`,
      payload: { deliveryType: 'instant' },
    });
    expect(switched.json()).toMatchObject({ deliveryType: 'instant', stockQuantity: 0 });
  });

  it('answers 404 for an unknown product', async () => {
    expectError(
      await admin.inject({
        method: 'PATCH',
        url: `/api/products/${UNKNOWN}`,
        payload: { name: 'x' },
      }),
      404,
      'not_found',
    );
    expectError(
      await admin.inject({ method: 'DELETE', url: `/api/products/${UNKNOWN}` }),
      404,
      'not_found',
    );
  });

  it('refuses every catalogue write to managers and resellers (403)', async () => {
    const product = await createProduct();
    for (const user of [manager, reseller]) {
      for (const request of [
        { method: 'POST' as const, url: '/api/products', payload: form(fields()) },
        { method: 'PUT' as const, url: `/api/products/${product.id}`, payload: form(fields()) },
        { method: 'PATCH' as const, url: `/api/products/${product.id}`, payload: { name: 'x' } },
        { method: 'DELETE' as const, url: `/api/products/${product.id}` },
        { method: 'POST' as const, url: `/api/products/${product.id}/restore` },
      ]) {
        expectError(await user.inject(request), 403, 'forbidden');
      }
    }
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ name: 'Office 365', deletedAt: null });
  });
});

describe('listing products', () => {
  it('shows admins the platform prices and everyone else only its own price', async () => {
    const product = await createProduct({ name: 'Visibility test' });
    const forAdmin = (await list(admin, '?search=visibility')).json<{ data: Product[] }>().data;
    expect(forAdmin).toEqual([
      expect.objectContaining({ id: product.id, price: 5, initialPrice: 5 }),
    ]);
    for (const user of [manager, reseller]) {
      const [seen] = (await list(user, '?search=visibility')).json<{ data: Product[] }>().data;
      for (const key of ADMIN_ONLY) expect(seen).not.toHaveProperty(key);
      expect(seen).toHaveProperty('sellingPrice');
    }
    const [forManager] = (await list(manager, '?search=visibility')).json<ProductList>().data;
    expect(forManager).toMatchObject({ price: 8.5, sellingPrice: 10 });
  });

  it('answers exactly the contract: nothing beyond productListSchema, for every role', async () => {
    await createProduct({ name: 'Contract check' });
    for (const user of [admin, manager, reseller]) {
      const body = (await list(user, '?limit=100')).json<ProductList>();
      expect(body.data.length).toBeGreaterThan(0);
      // Parsing strips unknown keys, so any extra field would make these differ.
      expect(productListSchema.parse(body)).toEqual(body);
    }
  });

  it('hides soft-deleted products from everyone but admins, and restores them', async () => {
    const product = await createProduct({ name: 'Soon gone' });
    const deleted = await admin.inject({ method: 'DELETE', url: `/api/products/${product.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<Product>().deletedAt).toEqual(expect.any(String));

    expect((await list(reseller, '?search=soon+gone')).json<ProductList>().data).toEqual([]);
    expect((await list(admin, '?search=soon+gone')).json<ProductList>().data).toEqual([]);
    const only = (await list(admin, '?search=soon+gone&deleted=only')).json<ProductList>().data;
    expect(only).toEqual([expect.objectContaining({ id: product.id })]);
    expect(
      (await list(admin, '?search=soon+gone&deleted=include')).json<ProductList>().data,
    ).toHaveLength(1);
    for (const user of [manager, reseller]) {
      expectError(await list(user, '?deleted=include'), 403, 'forbidden');
      expectError(await list(user, '?deleted=only'), 403, 'forbidden');
    }
    const bySub = await reseller.inject({
      method: 'GET',
      url: `/api/products/subcategory/${subcategoryId}?search=soon`,
    });
    expect(bySub.json<ProductList>().data).toEqual([]);
    expectError(
      await reseller.inject({
        method: 'PATCH',
        url: `/api/products/${product.id}/update-role-price`,
        payload: { resellerPrice: 20 },
      }),
      404,
      'not_found',
    );

    const restored = await admin.inject({
      method: 'POST',
      url: `/api/products/${product.id}/restore`,
    });
    expect(restored.json<Product>().deletedAt).toBeNull();
    expect((await list(reseller, '?search=soon+gone')).json<ProductList>().data).toHaveLength(1);
  });

  it('searches names case-insensitively, with % and _ taken literally', async () => {
    await createProduct({ name: 'Discount 100% off' });
    await createProduct({ name: 'Discount 1000 off' });
    await createProduct({ name: 'snake_case key' });
    await createProduct({ name: 'snakeXcase key' });
    const names = async (search: string) =>
      (await list(reseller, `?search=${encodeURIComponent(search)}`))
        .json<{ data: Product[] }>()
        .data.map((p) => p.name);
    expect(await names('100%')).toEqual(['Discount 100% off']);
    expect(await names('SNAKE_')).toEqual(['snake_case key']);
    expect(await names('discount')).toHaveLength(2);
  });

  it('filters by category and subcategory and paginates', async () => {
    const otherCategory = await catalogue.category('Filtered');
    for (let i = 0; i < 3; i += 1) {
      await createProduct({
        name: `Filtered ${i}`,
        categoryId: otherCategory.id,
        subcategoryId: '',
      });
    }
    const page = await list(reseller, `?categoryId=${otherCategory.id}&limit=2&page=2`);
    expect(page.json()).toMatchObject({
      data: [expect.objectContaining({ name: 'Filtered 2' })],
      pagination: { page: 2, limit: 2, total: 3, totalPages: 2 },
    });
    const bySub = (await list(reseller, `?subcategoryId=${subcategoryId}`)).json<{
      data: Product[];
      pagination: { total: number };
    }>();
    expect(bySub.data.every((p) => p.subcategory?.id === subcategoryId)).toBe(true);
    const route = await reseller.inject({
      method: 'GET',
      url: `/api/products/subcategory/${subcategoryId}?limit=100`,
    });
    expect(route.json<ProductList>().pagination.total).toBe(bySub.pagination.total);
    expectError(
      await reseller.inject({ method: 'GET', url: `/api/products/subcategory/${UNKNOWN}` }),
      404,
      'not_found',
    );
  });

  it('allows limit=10000 on the product list and refuses 10001', async () => {
    expect((await list(reseller, '?limit=10000')).statusCode).toBe(200);
    expectValidation(await list(reseller, '?limit=10001'), 'querystring.limit');
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/products' }), 401, 'unauthorized');
  });

  it('prices 10,000 products for a reseller in one page, quickly', async () => {
    const [category] = await ctx.database.db
      .insert(categories)
      .values({ nameEn: 'Bulk', nameFr: 'Bulk', nameAr: 'Bulk' })
      .returning();
    await ctx.database.db.execute(sql`
      insert into products (name, category_id, delivery_type, initial_price_cents, manager_price_cents, reseller_price_cents, stock)
      select 'Bulk ' || g, ${category!.id}, 'request', 100, 200, 300 + g, 5 from generate_series(1, 10000) g`);
    await catalogue.sellerPrice(manager.user.id, (await createProduct()).id, 1500n);
    const started = performance.now();
    const res = await list(reseller, `?limit=10000&categoryId=${category!.id}`);
    const elapsedMs = performance.now() - started;
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: Product[]; pagination: { total: number } }>();
    expect(body.data).toHaveLength(10_000);
    expect(body.pagination.total).toBe(10_000);
    const bulk1 = body.data.find((p) => p.name === 'Bulk 1')!;
    expect(bulk1).toMatchObject({ price: 3.01, sellingPrice: 3.01 });
    // Generous: the point is one pricing pass, not a query per product (which takes minutes).
    expect(elapsedMs).toBeLessThan(15_000);
    console.info(`GET /products?limit=10000 as a reseller: ${Math.round(elapsedMs)} ms`);
  });
});
