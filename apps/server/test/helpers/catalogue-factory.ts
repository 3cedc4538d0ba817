import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { categories, productKeys, products, sellerPrices } from '../../src/db/schema/index';
import { KeyVault } from '../../src/lib/key-vault';
import { TEST_KEYS_SECRET } from './test-app';

export const testVault = new KeyVault(TEST_KEYS_SECRET);
let keyCounter = 0;

/** Catalogue rows inserted directly, for tests whose subject is not the catalogue routes. */
export class CatalogueFactory {
  constructor(private readonly db: Database) {}

  async category(name = 'Games') {
    const [row] = await this.db
      .insert(categories)
      .values({ nameEn: name, nameFr: `${name} FR`, nameAr: `${name} AR` })
      .returning();
    return row!;
  }

  /** Prices in cents: defaults initial 500, manager 800, reseller 1000. */
  async product(
    options: {
      deliveryType?: 'instant' | 'request';
      initialPriceCents?: bigint;
      managerPriceCents?: bigint;
      resellerPriceCents?: bigint;
      stock?: number;
      keys?: number;
      name?: string;
      allowBackorder?: boolean;
    } = {},
  ) {
    const category = await this.category();
    const deliveryType = options.deliveryType ?? 'instant';
    const [product] = await this.db
      .insert(products)
      .values({
        name: options.name ?? `Product ${++keyCounter}`,
        categoryId: category.id,
        deliveryType,
        initialPriceCents: options.initialPriceCents ?? 500n,
        managerPriceCents: options.managerPriceCents ?? 800n,
        resellerPriceCents: options.resellerPriceCents ?? 1000n,
        stock: deliveryType === 'request' ? (options.stock ?? 100) : 0,
        allowBackorder: options.allowBackorder ?? false,
      })
      .returning();
    if (deliveryType === 'instant' && options.keys) await this.addKeys(product!.id, options.keys);
    return (await this.db.select().from(products).where(eq(products.id, product!.id)))[0]!;
  }

  /** Adds `count` unique encrypted keys and keeps the stock counter in step, as the import does. */
  async addKeys(productId: string, count: number) {
    const keys = Array.from(
      { length: count },
      () => `KEY-${process.pid}-${Date.now()}-${++keyCounter}`,
    );
    await this.db.insert(productKeys).values(
      keys.map((key) => ({
        productId,
        ciphertext: testVault.encrypt(key),
        hmac: testVault.fingerprint(key),
        hint: key.slice(-4),
      })),
    );
    await this.db
      .update(products)
      .set({ stock: sql`${products.stock} + ${count}` })
      .where(eq(products.id, productId));
    return keys;
  }

  async sellerPrice(sellerId: string, productId: string, priceCents: bigint) {
    await this.db.insert(sellerPrices).values({ sellerId, productId, priceCents });
  }
}
