import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@keymarket/contracts/catalogue';
import { categories, products } from '../src/db/schema/index';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { useCatalogueApp } from './helpers/catalogue-app';
import { useSignedIn } from './helpers/use-app';

/**
 * GET /products as the admin's products table asks it (DESIGN.md §10): one page at a time,
 * sorted by a column, searched and filtered by category, every choice in the query.
 */
const { ctx, admin } = useCatalogueApp();
const manager = useSignedIn(ctx, 'manager', admin);

type Page = { data: Product[]; pagination: { page: number; total: number; totalPages: number } };

const list = (user: SignedInUser, query: string) =>
  user.inject({ method: 'GET', url: `/api/products?${query}` });

async function page(user: SignedInUser, query: string): Promise<Page> {
  const res = await list(user, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}

const names = (body: Page) => body.data.map((product) => product.name);

/** Each category's names in three languages: English and French put them in different orders. */
const CATEGORIES = [
  { nameEn: 'Books', nameFr: 'Livres', nameAr: 'كتب' },
  { nameEn: 'Games', nameFr: 'Jeux', nameAr: 'ألعاب' },
  { nameEn: 'Music', nameFr: 'Disques', nameAr: 'موسيقى' },
];

/** Twelve products: `Item 01`…`Item 12`, four per category, prices and stocks in known orders. */
const ITEMS = Array.from({ length: 12 }, (_, index) => ({
  name: `Item ${String(index + 1).padStart(2, '0')}`,
  category: index % 3,
  // Initial prices rise with the number; manager prices fall; stocks repeat (ties by name).
  initialPriceCents: BigInt(100 + index * 10),
  managerPriceCents: BigInt(500 - index * 10),
  resellerPriceCents: 600n,
  stock: index % 4,
}));

beforeAll(async () => {
  const made = await ctx.database.db.insert(categories).values(CATEGORIES).returning();
  await ctx.database.db.insert(products).values(
    ITEMS.map((item) => ({
      name: item.name,
      categoryId: made[item.category]!.id,
      deliveryType: 'request' as const,
      initialPriceCents: item.initialPriceCents,
      managerPriceCents: item.managerPriceCents,
      resellerPriceCents: item.resellerPriceCents,
      stock: item.stock,
    })),
  );
});

describe("GET /products: the admin's products table", () => {
  it('pages by name unless told otherwise, with the page size asked for', async () => {
    const first = await page(admin, 'limit=5');
    expect(names(first)).toEqual(['Item 01', 'Item 02', 'Item 03', 'Item 04', 'Item 05']);
    expect(first.pagination).toMatchObject({ page: 1, total: 12, totalPages: 3 });
    const last = await page(admin, 'limit=5&page=3');
    expect(names(last)).toEqual(['Item 11', 'Item 12']);
    expect((await page(admin, 'limit=5&page=4')).data).toEqual([]);
  });

  it('sorts by each price and the stock, either way, equal values by name', async () => {
    const byInitial = await page(admin, 'sort=-initialPrice&limit=3');
    expect(names(byInitial)).toEqual(['Item 12', 'Item 11', 'Item 10']);
    const byManager = await page(admin, 'sort=-managerPrice&limit=3');
    expect(names(byManager)).toEqual(['Item 01', 'Item 02', 'Item 03']);
    // Every reseller price is equal: the name decides, the same in both directions.
    const byReseller = await page(admin, 'sort=resellerPrice&limit=2');
    expect(names(byReseller)).toEqual(['Item 01', 'Item 02']);

    const byStock = await page(admin, 'sort=stock&limit=100');
    expect(byStock.data.map((product) => product.stockQuantity)).toEqual([
      0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3,
    ]);
    expect(names(byStock).slice(0, 3)).toEqual(['Item 01', 'Item 05', 'Item 09']);
    const mostStock = await page(admin, 'sort=-stock&limit=3');
    expect(names(mostStock)).toEqual(['Item 04', 'Item 08', 'Item 12']);
    expect(names(await page(admin, 'sort=-name&limit=2'))).toEqual(['Item 12', 'Item 11']);
  });

  it('pages through a sorted list without repeating or skipping a row among ties', async () => {
    const whole = names(await page(admin, 'sort=stock&limit=100'));
    const pages = await Promise.all(
      [1, 2, 3].map((n) => page(admin, `sort=stock&limit=5&page=${n}`)),
    );
    expect(pages.flatMap(names)).toEqual(whole);
  });

  it('sorts by category in the language asked (English unless told)', async () => {
    const categoryOf = (body: Page) => body.data.map((product) => product.category.nameEn);
    const english = await page(admin, 'sort=category&limit=100');
    expect(categoryOf(english).filter((_, i) => i % 4 === 0)).toEqual(['Books', 'Games', 'Music']);
    // Within a category, by name: Books holds Item 01, 04, 07, 10.
    expect(names(english).slice(0, 4)).toEqual(['Item 01', 'Item 04', 'Item 07', 'Item 10']);
    // In French: Disques (Music), Jeux (Games), Livres (Books).
    const french = await page(admin, 'sort=category&lang=fr&limit=100');
    expect(categoryOf(french).filter((_, i) => i % 4 === 0)).toEqual(['Music', 'Games', 'Books']);
    const backwards = await page(admin, 'sort=-category&lang=fr&limit=4');
    expect(categoryOf(backwards)).toEqual(['Books', 'Books', 'Books', 'Books']);
  });

  it('searches and filters by category together with the sort and the page', async () => {
    const first = (await page(admin, 'search=Item&limit=1&sort=category')).data[0];
    const booksId = first?.category.id;
    expect(booksId).toBeDefined();
    const body = await page(
      admin,
      `categoryId=${booksId}&search=item%201&sort=-name&limit=1&page=1`,
    );
    // Books holds Item 01, 04, 07 and 10; "item 1" keeps Item 10 (and none of the others).
    expect(names(body)).toEqual(['Item 10']);
    expect(body.pagination).toMatchObject({ total: 1, totalPages: 1 });
    const second = await page(admin, `categoryId=${booksId}&sort=-stock&limit=2&page=2`);
    // Stocks in Books: Item 04 3, Item 07 2, Item 10 1, Item 01 0.
    expect(names(second)).toEqual(['Item 10', 'Item 01']);
    expect(second.pagination).toMatchObject({ page: 2, total: 4, totalPages: 2 });
  });

  it("lets only administrators sort by the platform's prices", async () => {
    for (const column of ['initialPrice', '-managerPrice', 'resellerPrice']) {
      expectError(
        await list(manager, `sort=${column}`),
        403,
        'forbidden',
        "Only an administrator can sort by the platform's prices",
      );
    }
    // The name, the category and the stock are everyone's to sort by.
    expect(names(await page(manager, 'sort=-stock&limit=1'))).toEqual(['Item 04']);
    expect(names(await page(manager, 'sort=category&lang=ar&limit=1'))).toHaveLength(1);
  });

  it('refuses malformed paging, sorting and filters with the validation envelope', async () => {
    const unknown = expectValidation(await list(admin, 'sort=price'), 'querystring.sort');
    expect(unknown.details?.[0]?.message).toBe(
      'sort must be one of: name, -name, category, -category, initialPrice, -initialPrice, managerPrice, -managerPrice, resellerPrice, -resellerPrice, stock, -stock',
    );
    expectValidation(await list(admin, 'page=0'), 'querystring.page');
    expectValidation(await list(admin, 'limit=ten'), 'querystring.limit');
    expectValidation(await list(admin, 'limit=0'), 'querystring.limit');
    expectValidation(
      await list(admin, 'lang=de'),
      'querystring.lang',
      'lang must be one of: en, fr, ar',
    );
    expectValidation(await list(admin, 'categoryId=games'), 'querystring.categoryId');
    expectValidation(await list(admin, `search=${'x'.repeat(101)}`), 'querystring.search');
  });
});
