import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_QUERY_MAX, type SearchResults } from '@keymarket/contracts/analytics';
import { products } from '../src/db/schema/index';
import { analyticsAs } from './helpers/analytics';
import { CatalogueFactory } from './helpers/catalogue-factory';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { setUser, userTrees } from './helpers/users';
import { useTestApp } from './helpers/use-app';

/** GET /api/analytics/search: what each caller may find, and input taken literally. */
const ctx = useTestApp();
let trees: Awaited<ReturnType<typeof userTrees>>;
let resellerA3: SignedInUser;
const productIds = new Map<string, string>();

const PRODUCT_NAMES = [
  'Steam 100% Gift',
  'Steam 1000 Gift',
  'Play_Station Plus',
  'PlayXStation Plus',
  'Back\\slash key',
  'It\'s "quoted" key',
  'بطاقة آيتونز',
  ...Array.from({ length: 12 }, (_, i) => `Bulk item ${String(i + 1).padStart(2, '0')}`),
];

beforeAll(async () => {
  trees = await userTrees(ctx);
  resellerA3 = await ctx.factory.signIn(trees.resellerA3);
  const catalogue = new CatalogueFactory(ctx.database.db);
  for (const name of [...PRODUCT_NAMES, 'Steam retired card']) {
    productIds.set(name, (await catalogue.product({ name })).id);
  }
  await ctx.database.db
    .update(products)
    .set({ deletedAt: new Date() })
    .where(eq(products.id, productIds.get('Steam retired card')!));
  await setUser(ctx, trees.resellerA1.user.id, { firstName: 'Zoé', lastName: "O'Brien" });
  await setUser(ctx, trees.resellerA2.id, { firstName: 'يوسف', lastName: 'بن علي' });
  await setUser(ctx, trees.resellerB1.id, { firstName: 'Zoé', lastName: 'Lovelace' });
});

const search = (viewer: SignedInUser, query: string) =>
  analyticsAs<SearchResults>(viewer, `/api/analytics/search?query=${encodeURIComponent(query)}`);
const productNames = (results: SearchResults) => results.products.map((p) => p.name);
const userIds = (results: SearchResults) => results.users.map((u) => u.id).sort();

describe('products', () => {
  it('finds a product by any part of its name, whatever the case', async () => {
    const results = await search(resellerA3, 'xstation');
    expect(results.products).toEqual([
      {
        id: productIds.get('PlayXStation Plus'),
        name: 'PlayXStation Plus',
        categoryId: expect.any(String) as string,
        imageUrl: null,
      },
    ]);
  });

  it('shows deleted products to admins only', async () => {
    // Sorted here: where '%' sorts depends on the database's collation.
    expect(productNames(await search(trees.admin, 'steam')).sort()).toEqual([
      'Steam 100% Gift',
      'Steam 1000 Gift',
      'Steam retired card',
    ]);
    for (const viewer of [trees.managerA, resellerA3]) {
      expect(productNames(await search(viewer, 'steam')).sort()).toEqual([
        'Steam 100% Gift',
        'Steam 1000 Gift',
      ]);
    }
  });

  it('answers at most 10 of each', async () => {
    const results = await search(trees.admin, 'Bulk item');
    expect(productNames(results)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Bulk item ${String(i + 1).padStart(2, '0')}`),
    );
  });
});

describe('odd input is taken literally', () => {
  it.each([
    ['100%', ['Steam 100% Gift']],
    ['%', ['Steam 100% Gift']],
    ['Play_Station', ['Play_Station Plus']],
    ['_', ['Play_Station Plus']],
    ['\\', ['Back\\slash key']],
    ['k\\s', ['Back\\slash key']],
    ["'", ['It\'s "quoted" key']],
    ['"quoted"', ['It\'s "quoted" key']],
    ['It\'s "q', ['It\'s "quoted" key']],
    ['آيتونز', ['بطاقة آيتونز']],
    ['%%', []],
    ['\\%', []],
    ["'; drop table products; --", []],
  ])('%j finds exactly %j', async (query, expected) => {
    expect(productNames(await search(trees.admin, query))).toEqual(expected);
  });

  it('trims the text and still finds a match', async () => {
    expect(productNames(await search(trees.admin, '   xstation  '))).toEqual(['PlayXStation Plus']);
  });

  it('answers a query of the longest allowed length', async () => {
    const results = await search(trees.admin, 'x'.repeat(SEARCH_QUERY_MAX));
    expect(results).toEqual({ products: [], users: [] });
  });

  it('refuses a longer query, an empty one and a missing one with 400', async () => {
    const get = (url: string) => trees.admin.inject({ method: 'GET', url });
    expectValidation(
      await get(`/api/analytics/search?query=${'x'.repeat(SEARCH_QUERY_MAX + 1)}`),
      'querystring.query',
      `Search text cannot exceed ${SEARCH_QUERY_MAX} characters`,
    );
    expectValidation(
      await get(`/api/analytics/search?query=${'é'.repeat(400)}`),
      'querystring.query',
    );
    for (const url of ['/api/analytics/search?query=', '/api/analytics/search?query=%20%20']) {
      expectValidation(await get(url), 'querystring.query', 'Please type something to search');
    }
    expectValidation(await get('/api/analytics/search'), 'querystring.query');
  });
});

describe('users', () => {
  it('finds any user for an admin, by username or full name', async () => {
    expect(userIds(await search(trees.admin, 'ZOÉ'))).toEqual(
      [trees.resellerA1.user.id, trees.resellerB1.id].sort(),
    );
    const byName = await search(trees.admin, "zoé o'b");
    expect(byName.users).toEqual([
      {
        id: trees.resellerA1.user.id,
        username: trees.resellerA1.user.username,
        firstName: 'Zoé',
        lastName: "O'Brien",
        role: 'reseller',
      },
    ]);
    expect(userIds(await search(trees.admin, trees.managerB.user.username))).toEqual([
      trees.managerB.user.id,
    ]);
  });

  it('finds only its downline for a manager or reseller', async () => {
    expect(userIds(await search(trees.managerA, 'Zoé'))).toEqual([trees.resellerA1.user.id]);
    expect(userIds(await search(trees.managerB, 'Zoé'))).toEqual([trees.resellerB1.id]);
    expect(userIds(await search(trees.managerA, 'Test User'))).toEqual(
      [trees.resellerA3.id].sort(),
    );
    expect(userIds(await search(trees.resellerA1, 'يوسف'))).toEqual([trees.resellerA2.id]);
    // Not itself, not its inviter, not a sibling.
    expect((await search(trees.resellerA1, 'reseller')).users.map((u) => u.id)).not.toContain(
      trees.resellerA1.user.id,
    );
    expect(await search(resellerA3, 'Zoé')).toMatchObject({ users: [] });
    expect(await search(resellerA3, trees.managerA.user.username)).toMatchObject({ users: [] });
  });

  it('refuses signed-out callers', async () => {
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/analytics/search?query=Zo' }),
      401,
      'unauthorized',
    );
  });
});
