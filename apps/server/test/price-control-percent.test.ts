import { eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Product } from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import { applyPercentCents } from '@keymarket/contracts/money';
import { products, sellerPrices, subcategories } from '../src/db/schema/index';
import type { SignedInUser } from './helpers/factory';
import { expectError, expectValidation } from './helpers/expect-error';
import { useCatalogueApp } from './helpers/catalogue-app';
import { onPostgres } from './helpers/database';
import { useSignedIn } from './helpers/use-app';

const { ctx, catalogue, admin } = useCatalogueApp();
/** admin → manager → reseller: the manager pays the manager price, 8 by default. */
const manager = useSignedIn(ctx, 'manager', admin);
const reseller = useSignedIn(ctx, 'reseller', manager);

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const bulk = (user: SignedInUser, payload: object) =>
  user.inject({ method: 'PATCH', url: '/api/products/bulk-update-prices', payload });

const percent = (user: SignedInUser, change: object, target: object) =>
  bulk(user, { mode: 'percent', change, target });

const selected = (...ids: string[]) => ({ kind: 'products', productIds: ids });

async function pricesOf(productId: string) {
  const [row] = await ctx.database.db.select().from(products).where(eq(products.id, productId));
  return { manager: row!.managerPriceCents, reseller: row!.resellerPriceCents };
}

/** Every live product's platform prices, by id. */
async function everyPrice() {
  const rows = await ctx.database.db.select().from(products).where(isNull(products.deletedAt));
  return new Map(
    rows.map((row) => [
      row.id,
      { manager: row.managerPriceCents, reseller: row.resellerPriceCents },
    ]),
  );
}

async function sellingPriceOf(user: SignedInUser, productId: string) {
  const res = await user.inject({ method: 'GET', url: '/api/products?limit=10000' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Product[] }>().data.find((p) => p.id === productId)?.sellingPrice;
}

/** A product moved into `categoryId` (the factory gives each product a category of its own). */
async function productIn(
  categoryId: string,
  options: Parameters<typeof catalogue.product>[0] = {},
) {
  const product = await catalogue.product(options);
  await ctx.database.db.update(products).set({ categoryId }).where(eq(products.id, product.id));
  return product;
}

describe('PATCH /products/bulk-update-prices by a percentage', () => {
  it('rounds each new price half up to the cent: 9.99 at +15 % is 11.49, at -5 % 9.49', async () => {
    const a = await catalogue.product({
      initialPriceCents: 100n,
      managerPriceCents: 999n,
      resellerPriceCents: 999n,
    });
    const res = await percent(admin, { managerPrice: 15, resellerPrice: -5 }, selected(a.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 1 });
    expect(await pricesOf(a.id)).toEqual({ manager: 1149n, reseller: 949n });
  });

  it('changes only the field given, with 2 decimals of percent', async () => {
    const a = await catalogue.product({ resellerPriceCents: 1000n });
    expect((await percent(admin, { resellerPrice: 12.35 }, selected(a.id))).statusCode).toBe(200);
    expect(await pricesOf(a.id)).toEqual({ manager: 800n, reseller: 1124n }); // 11.235 rounds half up to 11.24
  });

  it("changes a category's live products, its subcategories' included, and no other", async () => {
    const games = await catalogue.category('Percent games');
    const [sub] = await ctx.database.db
      .insert(subcategories)
      .values({ categoryId: games.id, nameEn: 'Sub', nameFr: 'Sub FR', nameAr: 'Sub AR' })
      .returning();
    const a = await productIn(games.id);
    const b = await productIn(games.id);
    await ctx.database.db
      .update(products)
      .set({ subcategoryId: sub!.id })
      .where(eq(products.id, b.id));
    const gone = await productIn(games.id);
    await ctx.database.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, gone.id));
    const other = await catalogue.product();

    const res = await percent(
      admin,
      { resellerPrice: 10 },
      { kind: 'category', categoryId: games.id },
    );
    expect(res.json()).toEqual({ updated: 2 });
    expect(await pricesOf(a.id)).toEqual({ manager: 800n, reseller: 1100n });
    expect(await pricesOf(b.id)).toEqual({ manager: 800n, reseller: 1100n });
    expect(await pricesOf(gone.id)).toEqual({ manager: 800n, reseller: 1000n });
    expect(await pricesOf(other.id)).toEqual({ manager: 800n, reseller: 1000n });

    // A one-off change: a product added to the category afterwards keeps its own prices.
    const later = await productIn(games.id);
    expect(await pricesOf(later.id)).toEqual({ manager: 800n, reseller: 1000n });
  });

  it('changes every live product with kind all, and by an amount as well', async () => {
    await catalogue.product();
    const before = await everyPrice();
    const res = await percent(admin, { managerPrice: 10 }, { kind: 'all' });
    expect(res.json()).toEqual({ updated: before.size });
    const after = await everyPrice();
    for (const [id, prices] of before) {
      expect(after.get(id)).toEqual({ ...prices, manager: applyPercentCents(prices.manager, 10) });
    }
    const byAmount = await bulk(admin, {
      mode: 'amount',
      change: { resellerPrice: 0.5 },
      target: { kind: 'all' },
    });
    expect(byAmount.json()).toEqual({ updated: before.size });
    for (const [id, prices] of after) {
      expect((await everyPrice()).get(id)).toEqual({ ...prices, reseller: prices.reseller + 50n });
    }
  });

  it('refuses, and writes nothing, when an admin change would fall below the initial price', async () => {
    const ok = await catalogue.product(); // 8 → 6, above the initial 5
    const low = await catalogue.product({ initialPriceCents: 700n }); // 8 → 6, below 7
    const res = await percent(admin, { managerPrice: -25 }, selected(ok.id, low.id));
    const body = expectError(res, 400, 'price_below_cost', messages.sellingBelowCost);
    expect(body.details).toEqual([
      {
        path: `products.${low.id}.managerPrice`,
        message: `Product ${low.id}: The manager price cannot be lower than the initial price ($7.00)`,
      },
    ]);
    expect(await pricesOf(ok.id)).toEqual({ manager: 800n, reseller: 1000n });
    expect(await pricesOf(low.id)).toEqual({ manager: 800n, reseller: 1000n });
  });

  it("a seller's percentage moves its own selling price, never below what it pays, all or nothing", async () => {
    const games = await catalogue.category('Seller games');
    const a = await productIn(games.id); // the manager pays 8, sells at 10 by default
    const b = await productIn(games.id);
    await catalogue.sellerPrice(manager.user.id, b.id, 1200n);
    const category = { kind: 'category', categoryId: games.id };

    expect((await percent(manager, { resellerPrice: -15 }, category)).json()).toEqual({
      updated: 2,
    });
    expect(await sellingPriceOf(manager, a.id)).toBe(8.5);
    expect(await sellingPriceOf(manager, b.id)).toBe(10.2);
    // The platform's prices are the administrators': untouched.
    expect(await pricesOf(a.id)).toEqual({ manager: 800n, reseller: 1000n });

    const refused = await percent(manager, { resellerPrice: -10 }, category); // a: 7.65 < 8
    const body = expectError(refused, 400, 'price_below_cost');
    expect(body.details).toEqual([
      {
        path: `products.${a.id}.resellerPrice`,
        message: `Product ${a.id}: Your buying price is $8.00`,
      },
    ]);
    expect(await sellingPriceOf(manager, a.id)).toBe(8.5);
    expect(await sellingPriceOf(manager, b.id)).toBe(10.2);
    // Only the manager's own prices were ever written: its invitee's are not its to change.
    const rows = await ctx.database.db
      .select()
      .from(sellerPrices)
      .where(eq(sellerPrices.sellerId, reseller.user.id));
    expect(rows).toEqual([]);
  });

  it('refuses, and writes nothing, a new price above the largest amount a price may be', async () => {
    // 1,000,000 USD × 11 is above 10,000,000 USD, which no single price edit accepts either;
    // repeated, the percentages would reach the bigint column's limit.
    const big = await catalogue.product({
      initialPriceCents: 100n,
      managerPriceCents: 100_000_000n,
      resellerPriceCents: 100_000_000n,
    });
    const small = await catalogue.product();
    const adminRes = await percent(admin, { managerPrice: 1000 }, selected(small.id, big.id));
    expectValidation(adminRes, `products.${big.id}.managerPrice`, messages.amountTooLarge);
    expect(adminRes.json<{ details: unknown[] }>().details).toHaveLength(1);
    expect(await pricesOf(big.id)).toEqual({ manager: 100_000_000n, reseller: 100_000_000n });
    expect(await pricesOf(small.id)).toEqual({ manager: 800n, reseller: 1000n });

    const rows = await bulk(admin, {
      products: [{ productId: big.id, resellerPrice: 9_500_000 }],
    });
    expectValidation(rows, 'body.products.0.resellerPrice', messages.amountTooLarge);

    const sellerRes = await percent(manager, { resellerPrice: 1000 }, selected(big.id));
    expectValidation(sellerRes, `products.${big.id}.resellerPrice`, messages.amountTooLarge);
    expect(await sellingPriceOf(manager, big.id)).toBe(1_000_000);
  });

  it("refuses a seller's change of the manager price", async () => {
    const a = await catalogue.product();
    expectError(await percent(reseller, { managerPrice: 10 }, selected(a.id)), 403, 'forbidden');
    expect(await pricesOf(a.id)).toEqual({ manager: 800n, reseller: 1000n });
  });

  it('answers bad percentages and targets with the validation envelope, naming the field', async () => {
    const a = await catalogue.product();
    const target = selected(a.id);
    for (const [value, message] of [
      [-90.01, messages.percentRange],
      [1000.5, messages.percentRange],
      [10.005, messages.percentDecimals],
      ['10', messages.percentNumber],
    ] as const) {
      expectValidation(
        await percent(admin, { resellerPrice: value }, target),
        'body.change.resellerPrice',
        message,
      );
    }
    expectValidation(
      await percent(admin, { resellerPrice: 0 }, target),
      'body.change',
      'Enter a price change',
    );
    expectValidation(
      await percent(admin, { resellerPrice: 5 }, { kind: 'everything' }),
      'body.target.kind',
    );
    expectValidation(
      await percent(admin, { resellerPrice: 5 }, selected(a.id, a.id)),
      'body.target.productIds.1.productId',
    );
    expectValidation(
      await percent(admin, { resellerPrice: 5 }, { kind: 'category' }),
      'body.target.categoryId',
    );
    expectValidation(
      await bulk(admin, { mode: 'percent', change: { resellerPrice: 5 }, products: [] }),
      'body.target',
    );
    expectValidation(
      await bulk(admin, { mode: 'fraction', change: { resellerPrice: 5 }, target }),
      'body.mode',
    );
    expect(await pricesOf(a.id)).toEqual({ manager: 800n, reseller: 1000n });
  });

  it('answers 404 naming an unknown product or category of the target, and writes nothing', async () => {
    const a = await catalogue.product();
    const body = expectError(
      await percent(admin, { resellerPrice: 5 }, selected(a.id, UNKNOWN)),
      404,
      'not_found',
    );
    expect(body.details).toEqual([
      { path: 'body.target.productIds.1', message: `Product ${UNKNOWN} not found` },
    ]);
    expectError(
      await percent(admin, { resellerPrice: 5 }, { kind: 'category', categoryId: UNKNOWN }),
      404,
      'not_found',
      messages.categoryNotFound,
    );
    expect(await pricesOf(a.id)).toEqual({ manager: 800n, reseller: 1000n });
  });

  it.skipIf(!onPostgres)(
    'applies concurrent percentages one after the other, losing neither (PostgreSQL)',
    async () => {
      const games = await catalogue.category('Concurrent games');
      const a = await productIn(games.id, { resellerPriceCents: 1000n });
      // Enough products that each change takes a while between its read and its write.
      await ctx.database.db.execute(sql`
        insert into products (name, category_id, delivery_type, initial_price_cents,
          manager_price_cents, reseller_price_cents, stock)
        select 'Concurrent ' || g, ${games.id}::uuid, 'request', 500, 800, 1000, 1
        from generate_series(1, 2000) g`);
      const category = { kind: 'category', categoryId: games.id };
      // Each change reads the prices it moves under its lock: 10 × 1.1 × 1.1, rounded each time.
      const answers = await Promise.all([
        percent(admin, { resellerPrice: 10 }, category),
        percent(admin, { resellerPrice: 10 }, category),
      ]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
      expect(await pricesOf(a.id)).toEqual({ manager: 800n, reseller: 1210n });

      const seller = await Promise.all([
        percent(manager, { resellerPrice: 10 }, category),
        percent(manager, { resellerPrice: 10 }, category),
      ]);
      expect(seller.map((res) => res.statusCode)).toEqual([200, 200]);
      // From the manager's selling price, the reseller price 12.10: 12.10 × 1.21 = 14.641.
      expect(await sellingPriceOf(manager, a.id)).toBe(14.64);
    },
  );

  it('keeps the original body of rows: with no mode, and with mode rows', async () => {
    const a = await catalogue.product();
    expect(
      (await bulk(admin, { products: [{ productId: a.id, managerPrice: 1 }] })).json(),
    ).toEqual({ updated: 1 });
    expect(
      (
        await bulk(admin, { mode: 'rows', products: [{ productId: a.id, managerPrice: 1 }] })
      ).json(),
    ).toEqual({
      updated: 1,
    });
    expect(await pricesOf(a.id)).toEqual({ manager: 1000n, reseller: 1000n });
  });
});
