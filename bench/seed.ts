import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { KeyVault } from '../apps/server/src/lib/key-vault';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { ADMIN_USERNAME } from './server';

/**
 * Benchmark data written straight into the database (the server has migrated it), much faster
 * than the API. The rows are what the application itself would write: deposits go through the
 * ledger so every bucket equals the sum of its rows, keys are encrypted with the server's
 * KeyVault, and the stock counter matches the unsold keys.
 */

export const USER_PASSWORD = 'Bench-Passw0rd!';
const BALANCE_CENTS = 1_000_000_000n; // 10,000,000 USD each: never the limit.
const KEY_BATCH = 5_000;

/** User groups; ids are deterministic so a pgbench script can name a user from a number. */
export const GROUP = {
  platformResellers: 1,
  chainResellers: 2,
  managers: 3,
  catalogueUsers: 4,
  /** Products, not users: the diagnosis gives each connection its own product. */
  spreadProducts: 5,
};

/** `00000000-0000-4000-800<group>-<n, 12 digits>`: also built in SQL by pgbench.ts. */
export function benchUserId(group: number, n: number): string {
  return `00000000-0000-4000-800${group}-${String(n).padStart(12, '0')}`;
}

interface NewUser {
  id: string;
  username: string;
  role: 'manager' | 'reseller';
  invitedById: string;
}

export async function adminId(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(`select id from users where username = $1`, [
    ADMIN_USERNAME,
  ]);
  if (!rows[0]) throw new Error('the server did not create the bench admin');
  return rows[0].id;
}

let passwordHash: Promise<string> | undefined;

async function insertUsers(pool: pg.Pool, users: readonly NewUser[]) {
  passwordHash ??= hashPassword(USER_PASSWORD);
  await pool.query(
    `insert into users (id, username, first_name, last_name, email, phone, password_hash, role, invited_by_id)
     select id, username, 'Bench', 'User', username || '@bench.test', '+33612345678', $5, role::role, inviter
     from unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[]) as u(id, username, role, inviter)`,
    [
      users.map((u) => u.id),
      users.map((u) => u.username),
      users.map((u) => u.role),
      users.map((u) => u.invitedById),
      await passwordHash,
    ],
  );
}

async function inTransaction(pool: pg.Pool, run: (client: pg.PoolClient) => Promise<void>) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await run(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** Admin deposits: the balance, its ledger row and its audit row, as the balance module writes them. */
export async function deposit(
  pool: pg.Pool,
  admin: string,
  userIds: readonly string[],
  cents: bigint,
) {
  await inTransaction(pool, async (client) => {
    await client.query(
      `with moved as (update users set balance_cents = balance_cents + $2 where id = any($1::uuid[])
                      returning id, balance_cents)
       insert into ledger_entries (user_id, bucket, amount_cents, balance_after_cents, kind, actor_id, note, created_at)
       select id, 'balance', $2, balance_cents, 'deposit', $3, 'bench seed', clock_timestamp() from moved`,
      [userIds, cents.toString(), admin],
    );
    await client.query(
      `insert into audit_log (actor_id, action, target_type, target_id, after)
       select $3, 'balance.deposit', 'user', u::text, json_build_object('amountCents', $2::text)::text
       from unnest($1::uuid[]) as u`,
      [userIds, cents.toString(), admin],
    );
  });
}

async function insertCategories(pool: pg.Pool, names: readonly string[]): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into categories (name_en, name_fr, name_ar, description_en)
     select n, n || ' (fr)', n || ' (ar)', 'Digital goods: ' || n
     from unnest($1::text[]) with ordinality as c(n, i) order by i
     returning id`,
    [names],
  );
  return rows.map((r) => r.id);
}

/**
 * Encrypted keys in batches of 5,000, each batch one transaction like one admin import (the
 * import route takes up to 10,000 lines): keys of a batch share their created_at.
 */
export async function insertKeys(
  pool: pg.Pool,
  vault: KeyVault,
  productId: string,
  count: number,
  progress?: (done: number) => void,
) {
  const run = randomBytes(4).toString('hex');
  for (let start = 0; start < count; start += KEY_BATCH) {
    const size = Math.min(KEY_BATCH, count - start);
    const keys = Array.from({ length: size }, (_, i) => {
      const n = String(start + i).padStart(7, '0');
      return `BENCH-${run}-${n}-${randomBytes(6).toString('hex').toUpperCase()}`;
    });
    await inTransaction(pool, async (client) => {
      await client.query(
        `insert into product_keys (product_id, ciphertext, hmac, hint)
         select $1, c, h, t from unnest($2::bytea[], $3::text[], $4::text[]) as k(c, h, t)`,
        [
          productId,
          keys.map((k) => vault.encrypt(k)),
          keys.map((k) => vault.fingerprint(k)),
          keys.map((k) => k.slice(-4)),
        ],
      );
      await client.query(`update products set stock = stock + $2 where id = $1`, [productId, size]);
    });
    progress?.(start + size);
  }
}

// Orders benchmark

export interface OrdersSeed {
  productId: string;
  productName: string;
  categoryId: string;
  /** Admin-invited resellers: the platform prices their orders. */
  platformResellers: string[];
  /** Resellers invited by `managerId`, who sells to them above its own cost. */
  chainResellers: string[];
  managerId: string;
  resellerPriceCents: number;
  chainPriceCents: number;
  managerPriceCents: number;
  /** With `spreadKeys`: product n (ids benchUserId(GROUP.spreadProducts, n)) for reseller n. */
  spreadProductIds: string[];
}

export async function seedOrders(
  pool: pg.Pool,
  keysSecret: string,
  options: {
    resellers: number;
    keys: number;
    /** Keys for each of `resellers` extra products, one per reseller (0: none). */
    spreadKeys: number;
    log: (line: string) => void;
  },
): Promise<OrdersSeed> {
  const admin = await adminId(pool);
  const [categoryId] = await insertCategories(pool, ['Bench games']);
  const prices = { initial: 500, manager: 800, reseller: 1000, chain: 1200 };
  const { rows } = await pool.query<{ id: string }>(
    `insert into products (name, category_id, delivery_type, initial_price_cents, manager_price_cents, reseller_price_cents)
     values ('Bench game key', $1, 'instant', $2, $3, $4) returning id`,
    [categoryId, prices.initial, prices.manager, prices.reseller],
  );
  const productId = rows[0]!.id;

  const managerId = benchUserId(GROUP.managers, 1);
  const platform = Array.from({ length: options.resellers }, (_, i) => i + 1);
  await insertUsers(pool, [
    { id: managerId, username: 'bench_manager', role: 'manager', invitedById: admin },
    ...platform.map((n) => ({
      id: benchUserId(GROUP.platformResellers, n),
      username: `bench_r${n}`,
      role: 'reseller' as const,
      invitedById: admin,
    })),
  ]);
  await insertUsers(
    pool,
    platform.map((n) => ({
      id: benchUserId(GROUP.chainResellers, n),
      username: `bench_m_r${n}`,
      role: 'reseller' as const,
      invitedById: managerId,
    })),
  );
  const platformIds = platform.map((n) => benchUserId(GROUP.platformResellers, n));
  const chainIds = platform.map((n) => benchUserId(GROUP.chainResellers, n));
  await deposit(pool, admin, [...platformIds, ...chainIds], BALANCE_CENTS);
  // The manager's selling price (Price Control): its invitees pay 12.00, it earns 4.00 a key.
  await pool.query(
    `insert into seller_prices (seller_id, product_id, price_cents) values ($1, $2, $3)`,
    [managerId, productId, prices.chain],
  );

  const vault = new KeyVault(keysSecret);
  let shown = 0;
  await insertKeys(pool, vault, productId, options.keys, (done) => {
    if (done - shown >= 50_000 || done === options.keys) {
      options.log(
        `  keys: ${done.toLocaleString('en-US')} / ${options.keys.toLocaleString('en-US')}`,
      );
      shown = done;
    }
  });

  // The diagnosis's what-if: the same products, one per reseller, so no row is shared.
  const spreadProductIds = options.spreadKeys
    ? platform.map((n) => benchUserId(GROUP.spreadProducts, n))
    : [];
  if (spreadProductIds.length) {
    await pool.query(
      `insert into products (id, name, category_id, delivery_type, initial_price_cents, manager_price_cents, reseller_price_cents)
       select id, 'Bench game key', $2, 'instant', $3, $4, $5 from unnest($1::uuid[]) as p(id)`,
      [spreadProductIds, categoryId, prices.initial, prices.manager, prices.reseller],
    );
    await pool.query(
      `insert into seller_prices (seller_id, product_id, price_cents)
       select $1, id, $3 from unnest($2::uuid[]) as p(id)`,
      [managerId, spreadProductIds, prices.chain],
    );
    for (const id of spreadProductIds) await insertKeys(pool, vault, id, options.spreadKeys);
    options.log(
      `  keys: ${options.spreadKeys} for each of ${spreadProductIds.length} more products`,
    );
  }
  await pool.query('vacuum analyze');
  return {
    productId,
    spreadProductIds,
    productName: 'Bench game key',
    categoryId: categoryId!,
    platformResellers: platform.map((n) => `bench_r${n}`),
    chainResellers: platform.map((n) => `bench_m_r${n}`),
    managerId,
    resellerPriceCents: prices.reseller,
    chainPriceCents: prices.chain,
    managerPriceCents: prices.manager,
  };
}

// Products benchmark

export interface CatalogueSeed {
  products: number;
  categories: number;
  subcategories: number;
  /** The reseller at the bottom of admin → manager → reseller A → reseller B. */
  buyerUsername: string;
  /**
   * Resellers invited by reseller B, who place the orders of the "orders alongside" scenario:
   * one buyer per connection, as a shop's sales come from many buyers (one buyer's orders
   * would queue on its balance row, one commit at a time).
   */
  orderBuyers: { id: string; username: string }[];
}

/** Deterministic pseudo-random numbers, so every run lists the same catalogue. */
function sequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function seedCatalogue(
  pool: pg.Pool,
  keysSecret: string,
  options: {
    products: number;
    categories: number;
    subcategoriesPerCategory: number;
    /** How many `orderBuyers` to seed under reseller B (default none). */
    orderBuyers?: number;
  },
): Promise<CatalogueSeed> {
  const admin = await adminId(pool);
  const random = sequence(42);
  const categoryIds = await insertCategories(
    pool,
    Array.from({ length: options.categories }, (_, i) => `Category ${i + 1}`),
  );
  const subcategoryIds: string[][] = [];
  for (const [i, categoryId] of categoryIds.entries()) {
    const { rows } = await pool.query<{ id: string }>(
      `insert into subcategories (category_id, name_en, name_fr, name_ar)
       select $1, n, n || ' (fr)', n || ' (ar)' from unnest($2::text[]) as s(n) returning id`,
      [
        categoryId,
        Array.from(
          { length: options.subcategoriesPerCategory },
          (_, j) => `Subcategory ${i + 1}.${j + 1}`,
        ),
      ],
    );
    subcategoryIds.push(rows.map((r) => r.id));
  }

  const products = Array.from({ length: options.products }, (_, i) => {
    const category = i % categoryIds.length;
    const subs = subcategoryIds[category]!;
    const initial = 100 + Math.floor(random() * 9_900);
    const instant = random() < 0.3;
    return {
      name: `Product ${String(i + 1).padStart(5, '0')} ${instant ? 'key' : 'account'}`,
      description: `Region-free digital item number ${i + 1}. Delivered ${instant ? 'instantly after payment' : 'by our team on request'}; see the activation guide.`,
      categoryId: categoryIds[category]!,
      subcategoryId:
        random() < 0.9 ? subs[Math.floor(i / categoryIds.length) % subs.length]! : null,
      deliveryType: instant ? 'instant' : 'request',
      isNew: random() < 0.1,
      initial,
      manager: Math.round(initial * 1.2),
      reseller: Math.round(initial * 1.5),
      stock: instant ? 0 : Math.floor(random() * 500),
    };
  });
  const { rows: productRows } = await pool.query<{ id: string; delivery_type: string }>(
    `insert into products (name, description, category_id, subcategory_id, delivery_type, is_new,
                           initial_price_cents, manager_price_cents, reseller_price_cents, stock)
     select * from unnest($1::text[], $2::text[], $3::uuid[], $4::uuid[], $5::delivery_type[],
                          $6::boolean[], $7::bigint[], $8::bigint[], $9::bigint[], $10::int[])
     returning id, delivery_type`,
    [
      products.map((p) => p.name),
      products.map((p) => p.description),
      products.map((p) => p.categoryId),
      products.map((p) => p.subcategoryId),
      products.map((p) => p.deliveryType),
      products.map((p) => p.isNew),
      products.map((p) => p.initial),
      products.map((p) => p.manager),
      products.map((p) => p.reseller),
      products.map((p) => p.stock),
    ],
  );
  const productIds = productRows.map((r) => r.id);

  // Half of the instant products hold two keys; the rest are out of stock.
  const vault = new KeyVault(keysSecret);
  const instantIds = productRows.filter((r) => r.delivery_type === 'instant').map((r) => r.id);
  for (const id of instantIds.filter((_, i) => i % 2 === 0)) await insertKeys(pool, vault, id, 2);

  const manager = benchUserId(GROUP.catalogueUsers, 1);
  const resellerA = benchUserId(GROUP.catalogueUsers, 2);
  const resellerB = benchUserId(GROUP.catalogueUsers, 3);
  // Numbers 1-3 are the chain; the order buyers follow.
  const orderBuyers = Array.from({ length: options.orderBuyers ?? 0 }, (_, i) => ({
    id: benchUserId(GROUP.catalogueUsers, 4 + i),
    username: `cat_buyer_${i + 1}`,
  }));
  await insertUsers(pool, [
    { id: manager, username: 'cat_manager', role: 'manager', invitedById: admin },
    { id: resellerA, username: 'cat_reseller_a', role: 'reseller', invitedById: manager },
    { id: resellerB, username: 'cat_reseller_b', role: 'reseller', invitedById: resellerA },
    ...orderBuyers.map((b) => ({ ...b, role: 'reseller' as const, invitedById: resellerB })),
  ]);

  // Price Control at each level for about half of the products (different halves), above cost.
  const sellerPrices: { seller: string; product: string; cents: number }[] = [];
  products.forEach((p, i) => {
    const id = productIds[i]!;
    if (i % 2 === 0) sellerPrices.push({ seller: manager, product: id, cents: p.reseller + 50 });
    if (i % 4 < 2) sellerPrices.push({ seller: resellerA, product: id, cents: p.reseller + 150 });
    if (Math.floor(i / 4) % 2 === 0)
      sellerPrices.push({ seller: resellerB, product: id, cents: p.reseller + 300 });
  });
  await pool.query(
    `insert into seller_prices (seller_id, product_id, price_cents)
     select * from unnest($1::uuid[], $2::uuid[], $3::bigint[])`,
    [
      sellerPrices.map((s) => s.seller),
      sellerPrices.map((s) => s.product),
      sellerPrices.map((s) => s.cents),
    ],
  );

  // The manager's package for reseller A: a price for every fourth product.
  const { rows: packageRows } = await pool.query<{ id: string }>(
    `insert into manager_packages (owner_id, name) values ($1, 'Bench partners') returning id`,
    [manager],
  );
  const packageId = packageRows[0]!.id;
  const inPackage = products
    .map((p, i) => ({ p, id: productIds[i]! }))
    .filter((_, i) => i % 4 === 1);
  await pool.query(
    `insert into manager_package_products (package_id, product_id, reseller_price_cents)
     select $1, * from unnest($2::uuid[], $3::bigint[])`,
    [packageId, inPackage.map((x) => x.id), inPackage.map((x) => x.p.reseller + 20)],
  );
  await pool.query(`update users set manager_package_id = $1 where id = $2`, [
    packageId,
    resellerA,
  ]);
  await pool.query('vacuum analyze');

  return {
    products: products.length,
    categories: categoryIds.length,
    subcategories: subcategoryIds.flat().length,
    buyerUsername: 'cat_reseller_b',
    orderBuyers,
  };
}
