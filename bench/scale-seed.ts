import type pg from 'pg';
import { COUNTRIES, FIRST_NAMES, LAST_NAMES } from '../apps/server/src/scripts/demo-data';
import { KeyVault } from '../apps/server/src/lib/key-vault';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { seedStep } from './analytics-seed';
import { seedLedger } from './ledger-seed';
import { seedScaleCatalogue } from './scale-catalogue-seed';
import {
  categoriesOf,
  G,
  idSql,
  levelsOf,
  LOAD_BUYERS,
  parentsOf,
  product,
  type Levels,
} from './scale-shape';
import { adminId, benchUserId, deposit, insertKeys, USER_PASSWORD } from './seed';

/**
 * The scale benchmark's data, written with set-wise SQL (generate_series) so that a
 * million orders seed in minutes. Rows are shaped as the application writes them:
 *
 * - users: admin → managers → three levels of resellers (scale-shape.ts), each level spread round
 *   robin over the one above; the invitation_tree trigger fills the closure as they arrive.
 *   Names and countries from the demo data.
 * - the catalogue (scale-catalogue-seed.ts).
 * - orders: bought by level-three resellers, priced through their four-member chain, spread over
 *   400 days (88 % completed, 7 % rejected, 5 % pending), request products only (no instant
 *   order without its keys); then the ledger (ledger-seed.ts): deposits, purchases, refunds and
 *   profits with chained balances, and every bucket equal to its rows.
 * - the load: one instant product with keys for the whole run, priced by every seller of the
 *   load buyers' chains, and money for those buyers.
 */

export interface ScaleSizes {
  orders: number;
  users: number;
  products: number;
}

export interface ScaleSeed {
  sizes: ScaleSizes;
  levels: Levels;
  counts: Record<string, number>;
  seconds: Record<string, number>;
  /** Level-three reseller 1: reads the product list. */
  listBuyer: string;
  loadBuyers: string[];
  loadProductId: string;
  /** The name of product 123, which the orders list's search looks for. */
  searchedProduct: string;
}

const HISTORY_DAYS = 400;

export async function seedScale(
  pool: pg.Pool,
  keysSecret: string,
  sizes: ScaleSizes,
  /** Keys of the load product: enough for every order the load can place. */
  loadKeys: number,
  log: (line: string) => void,
): Promise<ScaleSeed> {
  const admin = await adminId(pool);
  const levels = levelsOf(sizes.users);
  const seconds: Record<string, number> = {};
  const step = seedStep(pool, seconds, log);
  const vault = new KeyVault(keysSecret);

  await seedUsers(pool, admin, levels, step);
  const catalogue = await seedScaleCatalogue(pool, vault, sizes.products, levels, step, log);
  seconds['catalogue keys'] = catalogue.keysSeconds;
  await seedOrders(sizes, levels, step);
  Object.assign(seconds, (await seedLedger(pool, log)).seconds);

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
  const t0 = performance.now();
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

type Step = (name: string, query: string, params?: unknown[]) => Promise<void>;

/** Every level of the tree, one statement each, inviters first (the closure trigger needs them). */
async function seedUsers(pool: pg.Pool, admin: string, levels: Levels, step: Step) {
  const { managerOf, levelOneOf, levelTwoOf } = parentsOf(levels);
  const hash = await hashPassword(USER_PASSWORD);
  const columns = `(id, username, first_name, last_name, email, phone, password_hash, role,
    invited_by_id, signup_country, last_login_country, created_at)`;
  const person = (g: string) => `
    ($2::text[])[1 + (${g}) % array_length($2::text[], 1)],
    ($3::text[])[1 + ((${g}) / 7) % array_length($3::text[], 1)]`;
  // Every 13th user has no country yet; every 4th was last seen elsewhere.
  const countries = (g: string) => `
    case when (${g}) % 13 = 0 then null else ($4::text[])[1 + (${g}) % array_length($4::text[], 1)] end,
    case when (${g}) % 4 = 0 then ($4::text[])[1 + ((${g}) / 3) % array_length($4::text[], 1)] end`;
  const level = (
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
      [hash, FIRST_NAMES, LAST_NAMES, COUNTRIES],
    );
  await level(
    'managers',
    levels.managers,
    G.managers,
    `'manager_' || g`,
    'manager',
    `'${admin}'::uuid`,
  );
  await level(
    'level-one resellers',
    levels.levelOne,
    G.levelOne,
    `'seller_' || g`,
    'reseller',
    idSql(G.managers, managerOf('g')),
  );
  await level(
    'level-two resellers',
    levels.levelTwo,
    G.levelTwo,
    `'reseller_' || g`,
    'reseller',
    idSql(G.levelOne, levelOneOf('g')),
  );
  // Usernames from first names, so that a name search finds users at every size.
  await level(
    'level-three resellers',
    levels.levelThree,
    G.levelThree,
    `lower(($2::text[])[1 + g % array_length($2::text[], 1)]) || '_' || g`,
    'reseller',
    idSql(G.levelTwo, levelTwoOf('g')),
  );
}

/**
 * Level-three reseller b buys product p (a request one: an instant p is moved 3 up), each member
 * of its chain paying a little more than the one above. Buyers, products and statuses are spread
 * by multiplying the order's number; the orders are one every 400 days / orders, newest last.
 */
async function seedOrders(sizes: ScaleSizes, levels: Levels, step: Step) {
  const { managerOf, levelOneOf, levelTwoOf } = parentsOf(levels);
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
       ${idSql(G.categories, product.category('p', categoriesOf(sizes.products)))}, q, 'request',
       ${cost.buyer}, ${product.initial('p')}, q * (${cost.buyer}), st::order_status,
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
         select 1 + (g::bigint * 7919) % ${levels.levelThree} as b,
           case when ${product.instant('x')} then x + 3 else x end as p,
           1 + g % 3 as q,
           case when g % 100 < 88 then 'completed' when g % 100 < 95 then 'rejected'
                else 'pending' end as st,
           now() - (g::double precision / ${sizes.orders}) * interval '${HISTORY_DAYS} days' as created
         from generate_series(1, ${sizes.orders}) g,
           lateral (select 1 + (g * 31) % ${sizes.products} as x) x
       ) s
     ) o`,
  );
}
