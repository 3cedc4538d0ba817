import { and, asc, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { SEARCH_RESULTS_MAX } from '@keymarket/contracts/analytics';
import type { Role, UserStatus } from '@keymarket/contracts/users';
import { rowsOf, type Executor } from '../../db/client';
import { files, products, users } from '../../db/schema/index';
import { escapeLike } from '../products/products.repository';
import { downlineIds } from '../users/downline';
import { lowStockThreshold, stockOfEveryProduct } from '../stock/stock';
import { oneRow } from '../../lib/rows';
import { profitOf } from '../ledger/profit-accruals';

const inDownlineOf = (userId: string): SQL => sql`${users.id} in ${downlineIds(userId)}`;

/** The country a user was last seen in, else the one it signed up from. */
const countryOf = sql<string | null>`coalesce(${users.lastLoginCountry}, ${users.signupCountry})`;

/** Users per role and status with the money they hold, in one pass over the table. */
export async function userTotals(db: Executor) {
  // The pending margins (`profitOf`) summed once and joined: a subquery per user row cost 100,000
  // probes at 100,000 users (bench/results/scale.md).
  const rows = await rowsOf<{
    role: Role;
    status: UserStatus;
    users: number;
    balance: string;
    profit: string;
  }>(
    db,
    sql`select u.role, u.status, count(*)::int as users, sum(u.balance_cents)::text as balance,
               (sum(u.profit_cents) + coalesce(sum(p.pending), 0))::text as profit
        from users u
        left join (select user_id, sum(amount_cents) as pending from profit_accruals
                   group by user_id) p on p.user_id = u.id
        group by u.role, u.status`,
  );
  return rows.map((r) => ({
    role: r.role,
    status: r.status,
    users: r.users,
    balanceCents: BigInt(r.balance),
    profitCents: BigInt(r.profit),
  }));
}

/**
 * Live products with their stock (`productStock`: the counter plus the pending sales, summed once
 * for every product and joined rather than a subquery per product row) and low-stock threshold.
 */
const liveStock = sql`(
  select products.id, products.name, every.stock, (${lowStockThreshold})::int as threshold
  from products
  join ${stockOfEveryProduct} every on every.id = products.id
  where products.deleted_at is null) live`;

/** Products not deleted: how many, how many sold out, how many at or under their threshold. */
export async function productTotals(db: Executor) {
  return oneRow(
    await rowsOf<{ total: number; outOfStock: number; lowStock: number }>(
      db,
      sql`select count(*)::int as total,
                 (count(*) filter (where stock = 0))::int as "outOfStock",
                 (count(*) filter (where stock <= threshold))::int as "lowStock"
          from ${liveStock}`,
    ),
  );
}

export async function lowStockProducts(db: Executor, limit = 10) {
  return rowsOf<{ id: string; name: string; stock: number; threshold: number }>(
    db,
    sql`select id, name, stock, threshold from ${liveStock}
        where stock <= threshold order by stock, name limit ${limit}`,
  );
}

/**
 * A seller's own figures in one round trip. Profit ever credited: what its profit bucket holds
 * plus what left it (conversions). A bucket equals the sum of its ledger rows and only
 * conversions take from it, so this reads the few outgoing rows (partial index
 * ledger_profit_out_idx, whose predicate the query repeats literally) instead of every credit.
 */
export async function sellerTotals(db: Executor, userId: string) {
  const [row] = await rowsOf<{ profitEarned: string; direct: number; total: number }>(
    db,
    sql`select
          (${profitOf('u')} + coalesce((select -sum(l.amount_cents) from ledger_entries l
             where l.user_id = u.id and l.bucket = 'profit' and l.amount_cents < 0), 0))::text
            as "profitEarned",
          (select count(*)::int from users d where d.invited_by_id = u.id) as direct,
          (select count(*)::int from invitation_tree t
             where t.ancestor_id = u.id and t.depth > 0) as total
        from users u where u.id = ${userId}`,
  );
  return {
    profitEarnedCents: BigInt(row?.profitEarned ?? '0'),
    downline: { direct: row?.direct ?? 0, total: row?.total ?? 0 },
  };
}

/** Users per country (null: unknown); `downlineOf` limits them to that user's downline. */
export async function usersByCountry(db: Executor, downlineOf?: string) {
  return db
    .select({ country: countryOf, users: sql<number>`count(*)::int` })
    .from(users)
    .where(downlineOf ? inDownlineOf(downlineOf) : undefined)
    .groupBy(countryOf)
    .orderBy(sql`count(*) desc`, countryOf);
}

/** `text` anywhere in the name, taken literally (LIKE wildcards escaped). */
const containing = (text: string) => `%${escapeLike(text)}%`;

export async function searchProducts(db: Executor, text: string, includeDeleted: boolean) {
  return db
    .select({
      id: products.id,
      name: products.name,
      categoryId: products.categoryId,
      imageFileId: products.imageFileId,
    })
    .from(products)
    .where(
      and(
        ilike(products.name, containing(text)),
        includeDeleted ? undefined : isNull(products.deletedAt),
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .limit(SEARCH_RESULTS_MAX);
}

/** Users whose "username first last" contains `text` (users_search_trgm_idx). */
export async function searchUsers(db: Executor, text: string, downlineOf?: string) {
  const searchable = sql`(${users.username} || ' ' || ${users.firstName} || ' ' || ${users.lastName})`;
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(users)
    .where(
      and(ilike(searchable, containing(text)), downlineOf ? inDownlineOf(downlineOf) : undefined),
    )
    .orderBy(asc(users.username))
    .limit(SEARCH_RESULTS_MAX);
}

/** Bytes of the current database and of the uploaded files stored in it. */
export async function storageBytes(db: Executor) {
  const [row] = await rowsOf<{ database: string; files: string }>(
    db,
    sql`select pg_database_size(current_database())::text as database,
          (select coalesce(sum(${files.sizeBytes}), 0) from ${files})::text as files`,
  );
  return { database: Number(row?.database ?? 0), files: Number(row?.files ?? 0) };
}

/**
 * The docked products' completed orders whose delivery falls in [from, to) (DESIGN.md §14), read
 * through the purchases (`upstream_orders`, one a docked order): what the buyers paid, what the
 * platform paid upstream (quantity × the unit cost recorded on the order) and what the platform
 * was paid for them (the top of the pricing chain's price, else the buyer's, as the dashboard's
 * platform profit counts it).
 */
export async function dockedSalesTotals(db: Executor, range: { from?: Date; to?: Date }) {
  const within = sql.join(
    [
      sql`u.status = 'completed' and o.status = 'completed'`,
      ...(range.from ? [sql`o.delivered_at >= ${range.from.toISOString()}::timestamptz`] : []),
      ...(range.to ? [sql`o.delivered_at < ${range.to.toISOString()}::timestamptz`] : []),
    ],
    sql` and `,
  );
  const row = oneRow(
    await rowsOf<{ orders: number; revenue: string; cost: string; paid: string }>(
      db,
      sql`select count(*)::int as orders, coalesce(sum(o.total_cents), 0)::text as revenue,
            coalesce(sum(o.quantity * u.unit_cost_cents), 0)::text as cost,
            coalesce(sum(coalesce(o.quantity * ((o.price_chain -> -1) ->> 'costCents')::bigint,
                                  o.total_cents)), 0)::text as paid
          from upstream_orders u join orders o on o.id = u.order_id
          where ${within}`,
    ),
  );
  const costCents = BigInt(row.cost);
  return {
    orders: row.orders,
    revenueCents: BigInt(row.revenue),
    costCents,
    marginCents: BigInt(row.paid) - costCents,
  };
}
