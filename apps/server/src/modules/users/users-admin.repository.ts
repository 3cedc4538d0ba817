import { and, desc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Sort } from '@keymarket/contracts/pagination';
import type { Role, UserStatus } from '@keymarket/contracts/users';
import type { UserSortColumn } from '@keymarket/contracts/users-admin';
import type { Executor } from '../../db/client';
import { sortedAfter, sortedBy } from '../../db/sort';
import { managerPackages, orders, packages, users } from '../../db/schema/index';
import { EXPORT_BATCH } from '../../lib/csv';
import { profitOf } from '../ledger/profit-accruals';
import { selfAndDownlineIds } from './downline';
import { spentTodayCents } from '../purchase-limits/purchase-limits.repository';

const inviter = alias(users, 'inviter');

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface UserFilter {
  /** Extra scope (e.g. a manager's downline); undefined for every user. */
  scope?: SQL;
  role?: Role;
  status?: UserStatus;
  search?: string;
  sort?: Sort<UserSortColumn> | undefined;
}

/** How many orders the user placed: a column of the table, and one it sorts by. */
const ordersTotal = sql<number>`(select count(*)::int from ${orders} where ${orders.buyerId} = ${users.id})`;

/** What each sortable column of the Users table (`userSortColumns`) sorts by. */
const sortColumns = {
  username: users.username,
  role: users.role,
  status: users.status,
  balance: users.balanceCents,
  profit: profitOf(),
  orders: ordersTotal,
  date: users.createdAt,
};

/** Newest first, ending on the id so that equal values keep one order across pages. */
const listOrder = [desc(users.createdAt), desc(users.id)];

function whereOf(filter: UserFilter) {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  return and(
    filter.scope,
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
    pattern
      ? or(
          ilike(users.username, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.email, pattern),
          ilike(users.phone, pattern),
        )
      : undefined,
  );
}

/** The Users table's rows with the figures each one shows, in one query. */
function selectSummaries(db: Executor) {
  return db
    .select({
      // The profit with the margins not yet folded into the bucket, as every reader shows it.
      user: { ...getTableColumns(users), profitCents: profitOf() },
      inviter: { id: inviter.id, username: inviter.username },
      ordersTotal,
      inviteesCount: sql<number>`(select count(*)::int from users i where i.invited_by_id = ${users.id})`,
      spentTodayCents: spentTodayCents(),
    })
    .from(users)
    .leftJoin(inviter, eq(inviter.id, users.invitedById));
}

/** One page of the Users table. */
export async function listUserSummaries(
  db: Executor,
  filter: UserFilter,
  limit: number,
  offset: number,
) {
  const where = whereOf(filter);
  const rows = await selectSummaries(db)
    .where(where)
    .orderBy(...sortedBy(filter.sort, sortColumns, listOrder))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

/** The batch of an export that follows `afterId`, the last user of the previous batch. */
export function userSummaryBatch(db: Executor, filter: UserFilter, afterId?: string) {
  return selectSummaries(db)
    .where(
      and(
        whereOf(filter),
        afterId ? sortedAfter(filter.sort, sortColumns, users, afterId) : undefined,
      ),
    )
    .orderBy(...sortedBy(filter.sort, sortColumns, listOrder))
    .limit(EXPORT_BATCH);
}

export type UserSummaryRow = Awaited<ReturnType<typeof listUserSummaries>>['rows'][number];

export async function summaryRowOf(db: Executor, userId: string) {
  const { rows } = await listUserSummaries(db, { scope: eq(users.id, userId) }, 1, 0);
  return rows[0];
}

export async function directInvitees(db: Executor, userId: string, limit: number) {
  const rows = await db
    .select({ id: users.id, username: users.username, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.invitedById, userId))
    .orderBy(desc(users.createdAt))
    .limit(limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.invitedById, userId));
  return { rows, total: count?.n ?? 0 };
}

export async function packageRefs(
  db: Executor,
  packageId: string | null,
  managerPackageId: string | null,
) {
  const [pkg] = packageId
    ? await db
        .select({ id: packages.id, name: packages.name })
        .from(packages)
        .where(eq(packages.id, packageId))
    : [];
  const [managerPkg] = managerPackageId
    ? await db
        .select({ id: managerPackages.id, name: managerPackages.name })
        .from(managerPackages)
        .where(eq(managerPackages.id, managerPackageId))
    : [];
  return { package: pkg ?? null, managerPackage: managerPkg ?? null };
}

/**
 * The scope of a manager's or reseller's Users list: the users `userId` invited itself
 * (`direct`), or everyone below it in the invitation tree, never the user itself.
 */
export function downlineScope(userId: string, direct: boolean): SQL {
  return direct
    ? eq(users.invitedById, userId)
    : sql`${users.id} in ${selfAndDownlineIds(userId)} and ${users.id} <> ${userId}`;
}

/**
 * A reseller made a manager, conditional on its current role, so simultaneous upgrades make
 * exactly one change. False when it was no longer a reseller.
 */
export async function upgradeToManager(tx: Executor, userId: string): Promise<boolean> {
  const upgraded = await tx
    .update(users)
    .set({ role: 'manager', updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.role, 'reseller')))
    .returning({ id: users.id });
  return upgraded.length > 0;
}
