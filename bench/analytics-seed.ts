import type pg from 'pg';
import { COUNTRIES, FIRST_NAMES, LAST_NAMES } from '../apps/server/src/scripts/demo-data';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { adminId, benchUserId, USER_PASSWORD } from './seed';

/**
 * The analytics benchmark's data, written with generate_series (minutes, not hours, for a
 * million orders). The rows are shaped as the application writes them: every user below the
 * admin in a three-level tree (the invitation_tree trigger fills the closure as they arrive),
 * orders with their pricing chain, initial price and event times, completed orders with
 * delivered_at and answered ones with responded_at. Money buckets are set directly; no ledger
 * rows are written (no analytics call reads the ledger but a caller's own few rows).
 */

export interface AnalyticsSeedOptions {
  managers: number;
  /** Resellers invited by the managers; the first `bigManagerResellers` go to manager 1. */
  levelOneResellers: number;
  bigManagerResellers: number;
  /** Resellers invited by level-one resellers (round robin). */
  levelTwoResellers: number;
  products: number;
  orders: number;
  /** Orders are spread evenly over this many days up to now. */
  historyDays: number;
}

export interface AnalyticsSeed {
  users: number;
  orders: number;
  bigManagerUsername: string;
  bigManagerDownline: number;
  bigManagerOrders: number;
  seconds: Record<string, number>;
}

const BRANDS = [
  'Steam',
  'PlayStation',
  'Xbox',
  'Nintendo',
  'Google Play',
  'iTunes',
  'Netflix',
  'Spotify',
  'Amazon',
  'Razer Gold',
];

/** Runs one seeding statement, keeping and printing how long it took (`seconds[name]`). */
export function seedStep(
  pool: pg.Pool,
  seconds: Record<string, number>,
  log: (line: string) => void,
) {
  return async (name: string, query: string, params: unknown[] = []) => {
    const t0 = performance.now();
    await pool.query(query, params);
    seconds[name] = Math.round((performance.now() - t0) / 100) / 10;
    log(`  ${name}: ${seconds[name]} s`);
  };
}

/** benchUserId's form, `00000000-0000-4000-800<group>-<n>`, computed by the SQL from a number. */
const idSql = (group: number, n: string) =>
  `('00000000-0000-4000-800${group}-' || lpad((${n})::text, 12, '0'))::uuid`;

/** manager of level-one reseller `l1`: manager 1 for the first `big`, then round robin. */
const managerOf = (l1: string, options: AnalyticsSeedOptions) =>
  `case when ${l1} <= ${options.bigManagerResellers} then 1
        else 2 + (${l1}) % ${options.managers - 1} end`;

export async function seedAnalytics(
  pool: pg.Pool,
  options: AnalyticsSeedOptions,
  log: (line: string) => void,
): Promise<AnalyticsSeed> {
  const admin = await adminId(pool);
  const hash = await hashPassword(USER_PASSWORD);
  const seconds: Record<string, number> = {};
  const step = seedStep(pool, seconds, log);
  const userColumns = `(id, username, first_name, last_name, email, phone, password_hash, role,
    invited_by_id, signup_country, last_login_country, balance_cents, profit_cents, created_at)`;
  const person = (g: string) => `
    ($2::text[])[1 + (${g}) % array_length($2::text[], 1)],
    ($3::text[])[1 + ((${g}) / 7) % array_length($3::text[], 1)]`;
  const names = [FIRST_NAMES, LAST_NAMES, COUNTRIES];
  // Every 13th user has no country yet (the map's "unknown"); every 4th was last seen elsewhere.
  const countries = (g: string) => `
    case when (${g}) % 13 = 0 then null else ($4::text[])[1 + (${g}) % array_length($4::text[], 1)] end,
    case when (${g}) % 4 = 0 then ($4::text[])[1 + ((${g}) / 3) % array_length($4::text[], 1)] end`;

  await step(
    `users: ${options.managers} managers`,
    `insert into users ${userColumns}
     select ${idSql(1, 'g')}, 'manager_' || g, ${person('g')}, 'manager' || g || '@bench.test',
       '+33612345678', $1, 'manager', $5, ${countries('g')}, 100000, 0, now() - interval '500 days'
     from generate_series(1, ${options.managers}) g`,
    [hash, ...names, admin],
  );
  await step(
    `users: ${options.levelOneResellers} level-one resellers`,
    `insert into users ${userColumns}
     select ${idSql(2, 'g')}, 'seller_' || g, ${person('g')}, 'seller' || g || '@bench.test',
       '+33612345678', $1, 'reseller', ${idSql(1, managerOf('g', options))}, ${countries('g')},
       5000, 0, now() - interval '450 days'
     from generate_series(1, ${options.levelOneResellers}) g`,
    [hash, ...names],
  );
  await step(
    `users: ${options.levelTwoResellers} level-two resellers`,
    `insert into users ${userColumns}
     select ${idSql(3, 'g')}, lower(($2::text[])[1 + g % array_length($2::text[], 1)]) || '_' || g,
       ${person('g')}, 'buyer' || g || '@bench.test', '+33612345678', $1, 'reseller',
       ${idSql(2, `1 + g % ${options.levelOneResellers}`)}, ${countries('g')}, 2000, 0,
       now() - interval '420 days'
     from generate_series(1, ${options.levelTwoResellers}) g`,
    [hash, ...names],
  );

  await step(
    'catalogue: 20 categories',
    `insert into categories (id, name_en, name_fr, name_ar)
     select ${idSql(4, 'g')}, b || ' ' || g, b || ' ' || g, b || ' ' || g
     from generate_series(1, 20) g, lateral (select ($1::text[])[1 + g % 10] as b) brand`,
    [BRANDS],
  );
  // Every 50th product is deleted; stock runs 0..39 (so some are sold out or low).
  await step(
    `catalogue: ${options.products} products`,
    `insert into products (id, name, category_id, delivery_type, initial_price_cents,
       manager_price_cents, reseller_price_cents, stock, deleted_at)
     select ${idSql(5, 'g')}, ($1::text[])[1 + g % 10] || ' ' || (array[5, 10, 20, 25, 50, 100])[1 + g % 6] || ' #' || g,
       ${idSql(4, '1 + g % 20')}, 'request', 400 + g % 900, 500 + g % 900, 600 + g % 900, g % 40,
       case when g % 50 = 0 then now() end
     from generate_series(1, ${options.products}) g`,
    [BRANDS],
  );

  // Buyers are level-two resellers; a unit costs the reseller 900 + p, its seller 750 + p, the
  // manager (the platform's customer) 600 + p; the platform's initial price is 400 + p.
  const l1 = `1 + b % ${options.levelOneResellers}`;
  await step(
    `orders: ${options.orders.toLocaleString('en-US')}`,
    `insert into orders (buyer_id, seller_id, product_id, product_name, category_id, quantity,
       delivery_type, unit_price_cents, initial_price_cents, total_cents, status, price_chain,
       created_at, delivered_at, responded_at)
     select buyer, seller, ${idSql(5, 'p')}, 'Product #' || p, ${idSql(4, '1 + p % 20')}, q,
       'request', 900 + p % 900, 400 + p % 900, q * (900 + p % 900), st::order_status,
       jsonb_build_array(
         jsonb_build_object('userId', buyer, 'costCents', (900 + p % 900)::text),
         jsonb_build_object('userId', seller, 'costCents', (750 + p % 900)::text),
         jsonb_build_object('userId', manager, 'costCents', (600 + p % 900)::text)),
       created,
       case when st = 'completed' then created + interval '5 minutes' end,
       case when st <> 'pending' then created + interval '5 minutes' end
     from (
       select p, q, st, created, ${idSql(3, 'b')} as buyer, ${idSql(2, l1)} as seller,
         ${idSql(1, managerOf(l1, options))} as manager
       from (
         select g, 1 + (g::bigint * 7919) % ${options.levelTwoResellers} as b,
           1 + (g * 31) % ${options.products} as p, 1 + g % 3 as q,
           case when g % 100 < 88 then 'completed' when g % 100 < 95 then 'rejected'
                else 'pending' end as st,
           now() - (g::double precision / ${options.orders}) * interval '${options.historyDays} days' as created
         from generate_series(1, ${options.orders}) g
       ) s
     ) o`,
  );
  // Unconverted profit: the margins of the last 30 days (older ones count as converted).
  await step(
    'profit buckets',
    `update users u set profit_cents = m.cents from (
       -- Member i (1-based) earns on the member below it, element i - 2 (0-based).
       select (c ->> 'userId')::uuid as id,
         sum(o.quantity * (((o.price_chain -> (i::int - 2)) ->> 'costCents')::bigint
                           - (c ->> 'costCents')::bigint)) as cents
       from orders o, jsonb_array_elements(o.price_chain) with ordinality as e(c, i)
       where o.status = 'completed' and i > 1 and o.created_at > now() - interval '30 days'
       group by 1) m
     where u.id = m.id`,
  );
  await step('vacuum analyze', 'vacuum analyze');

  const { rows } = await pool.query<{
    users: number;
    orders: number;
    downline: number;
    theirs: number;
  }>(
    `select (select count(*)::int from users) as users, (select count(*)::int from orders) as orders,
       (select count(*)::int from invitation_tree where ancestor_id = $1 and depth > 0) as downline,
       (select count(*)::int from orders o join invitation_tree t on t.descendant_id = o.buyer_id
        where t.ancestor_id = $1 and t.depth > 0) as theirs`,
    [benchUserId(1, 1)],
  );
  return {
    users: rows[0]!.users,
    orders: rows[0]!.orders,
    bigManagerUsername: 'manager_1',
    bigManagerDownline: rows[0]!.downline,
    bigManagerOrders: rows[0]!.theirs,
    seconds,
  };
}
