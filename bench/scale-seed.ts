import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { COUNTRIES, FIRST_NAMES, LAST_NAMES } from '../apps/server/src/db/demo-data';
import { KeyVault } from '../apps/server/src/lib/key-vault';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { seedStep } from './analytics-seed';
import { seedLedger } from './ledger-seed';
import { adminId, benchUserId, deposit, insertKeys, USER_PASSWORD } from './seed';

/**
 * The scale benchmark's data (issue 21), written with set-wise SQL (generate_series) so that a
 * million orders seed in minutes. Rows are shaped as the application writes them:
 *
 * - users: admin → managers (1 %) → level-one resellers (9 %) → level-two resellers (30 %) →
 *   level-three resellers (the rest), each level spread round robin over the one above; the
 *   invitation_tree trigger fills the closure as they arrive. Names and countries from the demo.
 * - catalogue: categories (a product in 200, 5 to 50), four subcategories each, products (30 %
 *   instant, half of those with two encrypted keys, the rest sold out; request products with a
 *   stock), Price Control rows at every level (all managers, every 10th level-one, every 50th
 *   level-two and every 100th level-three reseller price a quarter of the catalogue each) and the
 *   manager packages of managers 1–4 (a quarter of the catalogue, for their odd level-one
 *   resellers below 65).
 * - orders: bought by level-three resellers, priced through their four-member chain, spread over
 *   400 days (88 % completed, 7 % rejected, 5 % pending), request products only (no instant
 *   order without its keys); then the ledger (ledger-seed.ts): deposits, purchases, refunds and
 *   profits with chained balances, and every bucket equal to its rows.
 *
 * Whatever the sizes, the measured callers are the same: `LIST_BUYER` (level-three reseller 1,
 * below level-two 1, level-one 1 and manager 1: seller prices at each level and a manager
 * package on the way) reads the product list, and level-three resellers 1–64 (level-two and
 * level-one resellers 1–64, under managers 1–4) place the load's orders on one instant product
 * priced at each level, so the load's lock contention does not change with the sizes.
 */

export interface ScaleSizes {
  orders: number;
  users: number;
  products: number;
}

export interface ScaleSeed {
  sizes: ScaleSizes;
  levels: { managers: number; levelOne: number; levelTwo: number; levelThree: number };
  counts: Record<string, number>;
  seconds: Record<string, number>;
  listBuyer: string;
  loadBuyers: string[];
  loadProductId: string;
  /** A product name and a surname the searches look for (see scale.ts). */
  searchedProduct: string;
}

/** Buyers of the order load: one per connection (level-three resellers 1–64). */
export const LOAD_BUYERS = 64;
const HISTORY_DAYS = 400;
const BRANDS = ['Steam', 'PlayStation', 'Xbox', 'Nintendo', 'Google Play', 'iTunes', 'Netflix'];

// Id groups of benchUserId's form; seed.ts's own groups are other tables' or other benches'.
const G = {
  managers: 1,
  levelOne: 2,
  levelTwo: 3,
  categories: 4,
  products: 5,
  levelThree: 6,
  subcategories: 7,
  packages: 8,
  load: 9,
};
const idSql = (group: number, n: string) =>
  `('00000000-0000-4000-800${group}-' || lpad((${n})::text, 12, '0'))::uuid`;

/** Product p's columns, the same expressions for its row and for the orders that name it. */
const product = {
  name: (p: string) =>
    `(array['${BRANDS.join("','")}'])[1 + (${p}) % ${BRANDS.length}] || ' ' ||
     (array[5, 10, 20, 25, 50, 100])[1 + (${p}) % 6] || ' #' || lpad((${p})::text, 6, '0') ||
     case when (${p}) % 10 between 4 and 6 then ' key' else ' account' end`,
  instant: (p: string) => `(${p}) % 10 between 4 and 6`,
  initial: (p: string) => `(100 + ((${p})::bigint * 7919) % 900)`,
  manager: (p: string) => `round(${product.initial(p)} * 1.2)::bigint`,
  reseller: (p: string) => `round(${product.initial(p)} * 1.5)::bigint`,
};

export function levelsOf(users: number) {
  const managers = Math.max(4, Math.round(users / 100));
  const levelOne = Math.max(LOAD_BUYERS, Math.round(users * 0.09));
  const levelTwo = Math.max(LOAD_BUYERS, Math.round(users * 0.3));
  const levelThree = users - 1 - managers - levelOne - levelTwo;
  if (levelThree < LOAD_BUYERS) throw new Error(`${users} users are too few (at least 500)`);
  return { managers, levelOne, levelTwo, levelThree };
}

export async function seedScale(
  pool: pg.Pool,
  keysSecret: string,
  sizes: ScaleSizes,
  /** Keys of the load product: enough for every order the load can place. */
  loadKeys: number,
  log: (line: string) => void,
): Promise<ScaleSeed> {
  if (sizes.products % 10 !== 0) throw new Error('--sizes of products must be multiples of 10');
  const admin = await adminId(pool);
  const levels = levelsOf(sizes.users);
  const { managers: M, levelOne: R1, levelTwo: R2, levelThree: R3 } = levels;
  const seconds: Record<string, number> = {};
  const step = seedStep(pool, seconds, log);
  // Parents, round robin; the load's first 64 level-one resellers go to managers 1–4 only.
  const managerOf = (k: string) =>
    `case when ${k} <= ${LOAD_BUYERS} then 1 + (${k} - 1) % 4 else 1 + (${k} - 1) % ${M} end`;
  const levelOneOf = (h: string) => `1 + (${h} - 1) % ${R1}`;
  const levelTwoOf = (g: string) => `1 + (${g} - 1) % ${R2}`;

  const hash = await hashPassword(USER_PASSWORD);
  const columns = `(id, username, first_name, last_name, email, phone, password_hash, role,
    invited_by_id, signup_country, last_login_country, created_at)`;
  // Every 13th user has no country yet; every 4th was last seen elsewhere.
  const person = (g: string) => `
    ($2::text[])[1 + (${g}) % array_length($2::text[], 1)],
    ($3::text[])[1 + ((${g}) / 7) % array_length($3::text[], 1)]`;
  const countries = (g: string) => `
    case when (${g}) % 13 = 0 then null else ($4::text[])[1 + (${g}) % array_length($4::text[], 1)] end,
    case when (${g}) % 4 = 0 then ($4::text[])[1 + ((${g}) / 3) % array_length($4::text[], 1)] end`;
  const names = [hash, FIRST_NAMES, LAST_NAMES, COUNTRIES];
  const insertLevel = (
    label: string,
    count: number,
    group: number,
    username: string,
    role: string,
    parent: string,
  ) =>
    step(
      `users: ${count.toLocaleString('en-US')} ${label}`,
      `insert into users ${columns}
       select ${idSql(group, 'g')}, ${username}, ${person('g')}, ${username} || '@bench.test',
         '+33612345678', $1, '${role}', ${parent}, ${countries('g')}, now() - interval '500 days'
       from generate_series(1, ${count}) g`,
      names,
    );
  await insertLevel('managers', M, G.managers, `'manager_' || g`, 'manager', `'${admin}'::uuid`);
  await insertLevel(
    'level-one resellers',
    R1,
    G.levelOne,
    `'seller_' || g`,
    'reseller',
    idSql(G.managers, managerOf('g')),
  );
  await insertLevel(
    'level-two resellers',
    R2,
    G.levelTwo,
    `'reseller_' || g`,
    'reseller',
    idSql(G.levelOne, levelOneOf('g')),
  );
  // Usernames from first names, so that a name search finds users at every size.
  await insertLevel(
    'level-three resellers',
    R3,
    G.levelThree,
    `lower(($2::text[])[1 + g % array_length($2::text[], 1)]) || '_' || g`,
    'reseller',
    idSql(G.levelTwo, levelTwoOf('g')),
  );

  const categories = Math.max(5, Math.min(50, Math.round(sizes.products / 200)));
  await step(
    `catalogue: ${categories} categories`,
    `insert into categories (id, name_en, name_fr, name_ar, description_en)
     select ${idSql(G.categories, 'c')}, 'Category ' || c, 'Catégorie ' || c, 'فئة ' || c,
       'Digital goods, family ' || c
     from generate_series(1, ${categories}) c`,
  );
  await step(
    `catalogue: ${categories * 4} subcategories`,
    `insert into subcategories (id, category_id, name_en, name_fr, name_ar)
     select ${idSql(G.subcategories, '(c - 1) * 4 + s')}, ${idSql(G.categories, 'c')},
       'Subcategory ' || c || '.' || s, 'Sous-catégorie ' || c || '.' || s, 'فرعية ' || c || '.' || s
     from generate_series(1, ${categories}) c, generate_series(1, 4) s`,
  );
  const category = `1 + p % ${categories}`;
  await step(
    `catalogue: ${sizes.products.toLocaleString('en-US')} products`,
    `insert into products (id, name, description, category_id, subcategory_id, delivery_type,
       is_new, initial_price_cents, manager_price_cents, reseller_price_cents, stock, created_at)
     select ${idSql(G.products, 'p')}, ${product.name('p')},
       'Region-free digital item number ' || p || '. See the activation guide.',
       ${idSql(G.categories, category)},
       case when p % 10 <> 9 then ${idSql(G.subcategories, `(${category} - 1) * 4 + 1 + (p / ${categories}) % 4`)} end,
       case when ${product.instant('p')} then 'instant' else 'request' end::delivery_type,
       p % 11 = 0, ${product.initial('p')}, ${product.manager('p')}, ${product.reseller('p')},
       case when ${product.instant('p')} then 0 else (p * 13) % 500 end,
       now() - interval '450 days' + p * interval '1 second'
     from generate_series(1, ${sizes.products}) p`,
  );

  const vault = new KeyVault(keysSecret);
  let t0 = performance.now();
  const keyed = await instantProductKeys(pool, vault, sizes.products);
  seconds['keys of the catalogue'] = Math.round((performance.now() - t0) / 100) / 10;
  log(
    `  ${keyed.toLocaleString('en-US')} keys of the catalogue: ${seconds['keys of the catalogue']} s`,
  );

  // Price Control: level `r` prices the products p with (p + n) % 4 = r, n its own number.
  const sellers = [
    { group: G.managers, count: M, every: 1, r: 0, margin: 50 },
    { group: G.levelOne, count: R1, every: 10, r: 1, margin: 100 },
    { group: G.levelTwo, count: R2, every: 50, r: 2, margin: 150 },
    { group: G.levelThree, count: R3, every: 100, r: 3, margin: 200 },
  ];
  const sellerRows = sellers
    .map(
      (s) => `select ${idSql(s.group, 'n')} as id, n, ${s.r} as r, ${s.margin} as margin
              from generate_series(1, ${s.count}) n where n % ${s.every} = ${s.every === 1 ? 0 : 1}`,
    )
    .join(' union all ');
  await step(
    'seller prices (Price Control) at every level',
    `insert into seller_prices (seller_id, product_id, price_cents)
     select s.id, ${idSql(G.products, 'p')}, ${product.reseller('p')} + s.margin
     from (${sellerRows}) s,
       lateral generate_series(1 + ((s.r - s.n - 1) % 4 + 4) % 4, ${sizes.products}, 4) p`,
  );
  await step(
    'manager packages of managers 1–4 (a quarter of the catalogue each)',
    `insert into manager_packages (id, owner_id, name)
     select ${idSql(G.packages, 'm')}, ${idSql(G.managers, 'm')}, 'Partners ' || m
     from generate_series(1, 4) m`,
  );
  await step(
    'manager package prices',
    `insert into manager_package_products (package_id, product_id, reseller_price_cents)
     select ${idSql(G.packages, 'm')}, ${idSql(G.products, 'p')}, ${product.reseller('p')} + 20
     from generate_series(1, 4) m, generate_series(1, ${sizes.products}, 4) p`,
  );
  await step(
    'manager packages assigned to the odd level-one resellers below 65',
    `update users set manager_package_id = ${idSql(G.packages, '1 + (k - 1) % 4')}
     from generate_series(1, ${LOAD_BUYERS}, 2) k
     where users.id = ${idSql(G.levelOne, 'k')}`,
  );

  // Level-three reseller b buys product p (a request one: an instant p is moved 3 up).
  const l2 = levelTwoOf('b');
  const l1 = levelOneOf(`(${l2})`);
  const cost = {
    manager: product.manager('p'),
    levelOne: `${product.reseller('p')} + 50`,
    levelTwo: `${product.reseller('p')} + 100`,
    buyer: `${product.reseller('p')} + 150`,
  };
  const link = (id: string, cents: string) =>
    `jsonb_build_object('userId', ${id}, 'costCents', (${cents})::text)`;
  await step(
    `orders: ${sizes.orders.toLocaleString('en-US')}`,
    `insert into orders (buyer_id, seller_id, product_id, product_name, category_id, quantity,
       delivery_type, unit_price_cents, initial_price_cents, total_cents, status, price_chain,
       created_at, delivered_at, responded_at)
     select buyer, seller, ${idSql(G.products, 'p')}, ${product.name('p')},
       ${idSql(G.categories, category)}, q, 'request', ${cost.buyer}, ${product.initial('p')},
       q * (${cost.buyer}), st::order_status,
       jsonb_build_array(${link('buyer', cost.buyer)}, ${link('seller', cost.levelTwo)},
         ${link('l1', cost.levelOne)}, ${link('manager', cost.manager)}),
       created,
       case when st = 'completed' then created + interval '5 minutes' end,
       case when st <> 'pending' then created + interval '5 minutes' end
     from (
       select p, q, st, created, ${idSql(G.levelThree, 'b')} as buyer,
         ${idSql(G.levelTwo, l2)} as seller, ${idSql(G.levelOne, l1)} as l1,
         ${idSql(G.managers, managerOf(`(${l1})`))} as manager
       from (
         select 1 + (g::bigint * 7919) % ${R3} as b,
           case when ${product.instant('x')} then x + 3 else x end as p,
           1 + g % 3 as q,
           case when g % 100 < 88 then 'completed' when g % 100 < 95 then 'rejected'
                else 'pending' end as st,
           now() - (g::double precision / ${sizes.orders}) * interval '${HISTORY_DAYS} days' as created
         from generate_series(1, ${sizes.orders}) g, lateral (select 1 + (g * 31) % ${sizes.products} as x) x
       ) s
     ) o`,
  );
  const ledger = await seedLedger(pool, log);
  Object.assign(seconds, ledger.seconds);

  // The load: one instant product, keys for the whole run, priced by every seller of the chain.
  const loadProductId = benchUserId(G.load, 1);
  await pool.query(
    `insert into products (id, name, category_id, delivery_type, initial_price_cents,
       manager_price_cents, reseller_price_cents)
     values ($1, 'Scale load key', ${idSql(G.categories, '1')}, 'instant', 500, 800, 1000)`,
    [loadProductId],
  );
  await pool.query(
    `insert into seller_prices (seller_id, product_id, price_cents)
     select id, $1, cents from (
       select ${idSql(G.managers, 'n')} as id, 1100 as cents from generate_series(1, 4) n
       union all select ${idSql(G.levelOne, 'n')}, 1200 from generate_series(1, ${LOAD_BUYERS}) n
       union all select ${idSql(G.levelTwo, 'n')}, 1300 from generate_series(1, ${LOAD_BUYERS}) n
     ) s`,
    [loadProductId],
  );
  const buyerIds = Array.from({ length: LOAD_BUYERS }, (_, i) => benchUserId(G.levelThree, i + 1));
  await deposit(pool, admin, buyerIds, 1_000_000_000n);
  t0 = performance.now();
  await insertKeys(pool, vault, loadProductId, loadKeys);
  seconds['keys of the load product'] = Math.round((performance.now() - t0) / 100) / 10;
  await step('vacuum analyze (after the load product)', 'vacuum analyze');

  const { rows: named } = await pool.query<{ id: string; username: string }>(
    `select id, username from users where id = any($1::uuid[])`,
    [buyerIds],
  );
  const usernameOf = new Map(named.map((r) => [r.id, r.username]));
  const { rows: counted } = await pool.query<Record<string, number>>(
    `select (select count(*)::int from users) as users,
            (select count(*)::int from products) as products,
            (select count(*)::int from orders) as orders,
            (select count(*)::int from ledger_entries) as ledger_entries,
            (select count(*)::int from seller_prices) as seller_prices,
            (select count(*)::int from invitation_tree) as invitation_tree,
            (select count(*)::int from product_keys) as product_keys`,
  );
  const { rows: searched } = await pool.query<{ name: string }>(
    `select name from products where id = ${idSql(G.products, '123')}`,
  );
  return {
    sizes,
    levels,
    counts: counted[0]!,
    seconds,
    listBuyer: usernameOf.get(buyerIds[0]!)!,
    loadBuyers: buyerIds.map((id) => usernameOf.get(id)!),
    loadProductId,
    searchedProduct: searched[0]?.name ?? '',
  };
}

/**
 * Two encrypted keys for every other instant product (p % 20 in 4–6), in batches of 5,000 rows
 * across products, then each product's stock counter set to its keys. Answers the keys written.
 */
async function instantProductKeys(pool: pg.Pool, vault: KeyVault, products: number) {
  const keyed: number[] = [];
  for (let p = 1; p <= products; p++) if (p % 20 >= 4 && p % 20 <= 6) keyed.push(p, p);
  const run = randomBytes(4).toString('hex');
  for (let start = 0; start < keyed.length; start += 5_000) {
    const batch = keyed.slice(start, start + 5_000);
    const keys = batch.map(
      (p, i) => `SCALE-${run}-${p}-${start + i}-${randomBytes(6).toString('hex').toUpperCase()}`,
    );
    await pool.query(
      `insert into product_keys (product_id, ciphertext, hmac, hint)
       select ${idSql(G.products, 'p')}, c, h, t
       from unnest($1::int[], $2::bytea[], $3::text[], $4::text[]) as k(p, c, h, t)`,
      [
        batch,
        keys.map((k) => vault.encrypt(k)),
        keys.map((k) => vault.fingerprint(k)),
        keys.map((k) => k.slice(-4)),
      ],
    );
  }
  await pool.query(
    `update products p set stock = k.n
     from (select product_id, count(*)::int as n from product_keys group by product_id) k
     where p.id = k.product_id`,
  );
  return keyed.length;
}
