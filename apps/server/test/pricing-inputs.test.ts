import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@keymarket/contracts/users';
import type { DatabaseHandle, Executor } from '../src/db/client';
import {
  managerPackageProducts,
  managerPackages,
  packageProducts,
  packages,
  priceRules,
  sellerPrices,
  users,
} from '../src/db/schema/index';
import { chainColumns, chainKeyFields, pricedTables } from '../src/modules/pricing/pricing-inputs';
import {
  loadPricingChain,
  quoteProducts,
  type PricingChain,
} from '../src/modules/pricing/pricing.service';
import { listCacheKey } from '../src/modules/catalogue-list/product-list-cache';
import { listFingerprint } from '../src/modules/catalogue-list/product-list-state';
import { insertUser } from '../src/modules/users/users.repository';
import { CatalogueFactory } from './helpers/catalogue-factory';
import { freshDatabase } from './helpers/database';

/**
 * The list cache is valid only while what prices are read from is unchanged, and it knows what
 * that is from pricing-inputs.ts alone. The pricing queries run here as a role PostgreSQL lets
 * read only the declared tables and columns, so a new pricing input that is not declared there
 * fails here instead of serving stale prices.
 */

let database: DatabaseHandle;
let chain: PricingChain;
let productId: string;
let categoryId: string;

async function user(
  role: Role,
  invitedBy: string | null,
  values: Partial<typeof users.$inferInsert> = {},
) {
  const username = `${role}_${randomBytes(4).toString('hex')}`;
  return insertUser(database.db, {
    username,
    firstName: 'Test',
    lastName: 'User',
    email: `${username}@example.test`,
    phone: '+33612345678',
    passwordHash: 'not used',
    role,
    invitedById: invitedBy,
    ...values,
  });
}

/**
 * A chain that takes every pricing branch: a manager on an admin package at the top, a reseller
 * on the manager's package, and a buyer below with its sellers' own prices and a standing rule.
 */
beforeAll(async () => {
  database = await freshDatabase();
  const { db } = database;
  const product = await new CatalogueFactory(db).product();
  productId = product.id;
  categoryId = product.categoryId;
  const admin = await user('admin', null);
  const [adminPackage] = await db.insert(packages).values({ name: 'Gold' }).returning();
  await db.insert(packageProducts).values({
    packageId: adminPackage!.id,
    productId,
    managerPriceCents: 700n,
    resellerPriceCents: 900n,
  });
  const manager = await user('manager', admin.id, { packageId: adminPackage!.id });
  const [managerPackage] = await db
    .insert(managerPackages)
    .values({ ownerId: manager.id, name: 'Friends' })
    .returning();
  await db
    .insert(managerPackageProducts)
    .values({ packageId: managerPackage!.id, productId, resellerPriceCents: 950n });
  const seller = await user('reseller', manager.id, { managerPackageId: managerPackage!.id });
  const buyer = await user('reseller', seller.id);
  await db.insert(sellerPrices).values([
    { sellerId: seller.id, productId, priceCents: 1200n },
    { sellerId: buyer.id, productId, priceCents: 1500n },
  ]);
  // Read for the buyer's own selling price, though its hand-set price comes first.
  await db.insert(priceRules).values({ sellerId: buyer.id, markupBasisPoints: 1000 });
  chain = await loadPricingChain(db, buyer.id);
});
afterAll(() => database.close());

/**
 * Runs `read` as a database role allowed to select only what pricing-inputs.ts declares (column
 * privileges on `users`, whole declared tables), so PostgreSQL refuses any other table or column
 * a pricing query touches, in any clause.
 */
async function withOnlyDeclaredReads(read: (db: Executor) => Promise<unknown>) {
  const role = sql.identifier(`pricing_reader_${randomBytes(4).toString('hex')}`);
  const { db } = database;
  const chainColumnList = sql.join(
    Object.keys(chainColumns).map((c) => sql.identifier(c)),
    sql`, `,
  );
  await db.execute(sql`create role ${role}`);
  try {
    await db.execute(sql`grant select (${chainColumnList}) on users to ${role}`);
    for (const table of Object.keys(pricedTables)) {
      await db.execute(sql`grant select on ${sql.identifier(table)} to ${role}`);
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local role ${role}`);
      await read(tx);
    });
  } finally {
    await db.execute(sql`drop owned by ${role}`);
    await db.execute(sql`drop role ${role}`);
  }
}

describe('what prices are read from', () => {
  it('is declared in pricing-inputs.ts: pricing reads no other table or column', async () => {
    const buyerId = chain.members[0]!.id;
    const product = {
      id: productId,
      categoryId,
      managerPriceCents: 800n,
      resellerPriceCents: 1000n,
    };
    await withOnlyDeclaredReads(async (db) => {
      const readChain = await loadPricingChain(db, buyerId);
      expect(readChain).toEqual(chain);
      const [quote] = (await quoteProducts(db, readChain, [product])).values();
      // Every branch was taken: the manager package's 9.50 and the sellers' own prices.
      expect(quote).toEqual({
        costsCents: [1200n, 950n, 700n],
        sellingPriceCents: 1500n,
        sellingPriceSource: 'hand_set',
      });
      await quoteProducts(db, readChain, [product], { onlyThese: true, costsOnly: true });
    });
  });

  it('is refused any read it does not declare (the check above can fail)', async () => {
    await expect(
      withOnlyDeclaredReads((db) => db.select({ status: users.status }).from(users)),
    ).rejects.toThrow();
  });

  it('makes a new fingerprint when any declared table changes within the chain', async () => {
    for (const [table, rowsOf] of Object.entries(pricedTables)) {
      const { column, ids } = rowsOf(chain);
      expect(ids.length, `${table} has rows in the chain`).toBeGreaterThan(0);
      const before = await listFingerprint(database.db, chain);
      // A no-op update still writes a new row version, as any real change does.
      const scope = sql.identifier(column);
      await database.db.execute(
        sql`update ${sql.identifier(table)} set ${scope} = ${scope} where ${scope} = ${ids[0]}`,
      );
      expect(await listFingerprint(database.db, chain), table).not.toBe(before);
    }
  });

  it('makes a new cache key when any declared field of a chain member changes', () => {
    const query = { page: 1, limit: 10_000, deleted: 'exclude' as const };
    const caller = { userId: chain.members[0]!.id, role: 'reseller' as const };
    const key = listCacheKey(caller, chain, query);
    expect(chainKeyFields.length).toBeGreaterThan(0);
    for (const field of chainKeyFields) {
      const members = chain.members.map((member, i) =>
        i === chain.members.length - 1
          ? { ...member, [field]: `${member[field]}-changed` }
          : member,
      );
      expect(listCacheKey(caller, { members }, query), field).not.toBe(key);
    }
  });

  it('keeps the fingerprint while nothing it covers changes', async () => {
    const before = await listFingerprint(database.db, chain);
    await database.db
      .update(users)
      .set({ firstName: 'Renamed' })
      .where(eq(users.id, chain.members[0]!.id));
    expect(await listFingerprint(database.db, chain)).toBe(before);
  });
});
