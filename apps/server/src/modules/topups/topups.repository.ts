import { and, count, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Sort } from '@keymarket/contracts/pagination';
import type { TopupStatus, topupSortColumns } from '@keymarket/contracts/topups';
import type { Role } from '@keymarket/contracts/users';
import { rowsOf, type Executor } from '../../db/client';
import { olderThan } from '../../db/keyset';
import { sortedBy } from '../../db/sort';
import { currencies, topupMethods, topupRequests, users } from '../../db/schema/index';
import { EXPORT_BATCH } from '../../lib/csv';
import { oneRow } from '../../lib/rows';

export type TopupRow = typeof topupRequests.$inferSelect;

/** A user and what decides its funder: its role and its inviter's. */
export interface FundingUser {
  id: string;
  username: string;
  role: Role;
  invitedById: string | null;
  inviterRole: Role | null;
}

const inviter = alias(users, 'inviter');

export async function findFundingUser(db: Executor, id: string): Promise<FundingUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      invitedById: users.invitedById,
      inviterRole: inviter.role,
    })
    .from(users)
    .leftJoin(inviter, eq(inviter.id, users.invitedById))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function findCurrencyByCode(db: Executor, code: string) {
  const [row] = await db.select().from(currencies).where(eq(currencies.code, code)).limit(1);
  return row;
}

/**
 * A request's status as its reader sees it: a pending request past its expiry is expired, without
 * a job having to mark it (nothing is owed on it, and a decision refuses it as expired).
 */
export const effectiveStatus: SQL<TopupStatus> = sql<TopupStatus>`(case
  when ${topupRequests.status} = 'pending' and ${topupRequests.expiresAt} <= now()
  then 'expired'::topup_status else ${topupRequests.status} end)`;

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

function selectTopups(db: Executor) {
  return db
    .select({
      topup: topupRequests,
      status: effectiveStatus,
      method: {
        id: topupMethods.id,
        nameEn: topupMethods.nameEn,
        nameFr: topupMethods.nameFr,
        nameAr: topupMethods.nameAr,
        kind: topupMethods.kind,
      },
      requester: { id: requester.id, username: requester.username },
      decidedBy: { id: decider.id, username: decider.username },
    })
    .from(topupRequests)
    .innerJoin(topupMethods, eq(topupMethods.id, topupRequests.methodId))
    .innerJoin(requester, eq(requester.id, topupRequests.userId))
    .leftJoin(decider, eq(decider.id, topupRequests.decidedById));
}

export type TopupView = Awaited<ReturnType<typeof selectTopups>>[number];

export async function findTopupView(db: Executor, id: string): Promise<TopupView | undefined> {
  const [row] = await selectTopups(db).where(eq(topupRequests.id, id)).limit(1);
  return row;
}

/** The request's row only, as access checks need it. */
export async function findTopup(db: Executor, id: string): Promise<TopupRow | undefined> {
  const [row] = await db.select().from(topupRequests).where(eq(topupRequests.id, id)).limit(1);
  return row;
}

/**
 * The request's row, locked until the transaction ends: the first of a decision's locks, so two
 * decisions of one request run one after the other and the second finds it decided (a 409).
 */
export async function lockTopup(tx: Executor, id: string): Promise<TopupRow | undefined> {
  const [row] = await tx.select().from(topupRequests).where(eq(topupRequests.id, id)).for('update');
  return row;
}

/** The user's row, held FOR NO KEY UPDATE as every lock on a user row (docs/money.md). */
export async function lockUser(tx: Executor, id: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('no key update');
}

export async function pendingCount(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(topupRequests)
    .where(
      and(
        eq(topupRequests.userId, userId),
        eq(topupRequests.status, 'pending'),
        sql`${topupRequests.expiresAt} > now()`,
      ),
    );
  return row?.n ?? 0;
}

export async function insertTopup(
  tx: Executor,
  values: typeof topupRequests.$inferInsert,
): Promise<TopupRow> {
  return oneRow(await tx.insert(topupRequests).values(values).returning());
}

export async function updateTopup(
  tx: Executor,
  id: string,
  values: Partial<typeof topupRequests.$inferInsert>,
): Promise<void> {
  await tx.update(topupRequests).set(values).where(eq(topupRequests.id, id));
}

/**
 * The ledger row a credit just wrote to the requester's balance. Called while the transaction
 * holds the requester's row (the credit's UPDATE took it), so no other balance row of the user
 * can follow it: the newest of the user's balance rows of that kind and amount is the one.
 */
export async function lastCreditEntryId(
  tx: Executor,
  userId: string,
  kind: 'topup' | 'transfer',
  amountCents: bigint,
): Promise<bigint> {
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`select id::text as id from ledger_entries
        where user_id = ${userId}::uuid and bucket = 'balance' and kind = ${kind}::ledger_kind
          and amount_cents = ${amountCents}::bigint
        order by id desc limit 1`,
  );
  if (!row) throw new Error('the credit wrote no ledger row');
  return BigInt(row.id);
}

/** Whose requests a list shows: the caller's own, or those a funder decides (null: the platform's). */
export type TopupScope = { userId: string } | { funderId: string | null };

export interface TopupFilter {
  scope: TopupScope;
  status?: TopupStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function whereOf({ scope, status, from, to }: TopupFilter): SQL | undefined {
  const scoped =
    'userId' in scope
      ? eq(topupRequests.userId, scope.userId)
      : scope.funderId === null
        ? isNull(topupRequests.funderId)
        : eq(topupRequests.funderId, scope.funderId);
  return and(
    scoped,
    status ? sql`${effectiveStatus} = ${status}::topup_status` : undefined,
    from ? gte(topupRequests.createdAt, from) : undefined,
    to ? lt(topupRequests.createdAt, to) : undefined,
  );
}

type TopupSort = Sort<(typeof topupSortColumns)[number]>;
const sortColumns = {
  createdAt: topupRequests.createdAt,
  amount: topupRequests.amountCents,
  creditAmount: topupRequests.creditCents,
  status: effectiveStatus,
};
const newestFirst = [sql`${topupRequests.createdAt} desc`, sql`${topupRequests.id} desc`];

export async function topupPage(
  db: Executor,
  filter: TopupFilter,
  page: { limit: number; offset: number; sort?: TopupSort | undefined },
): Promise<TopupView[]> {
  const order = sortedBy(page.sort, sortColumns, newestFirst);
  const ids = db
    .select({ id: topupRequests.id })
    .from(topupRequests)
    .where(whereOf(filter))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return selectTopups(db)
    .where(inArray(topupRequests.id, ids))
    .orderBy(...order);
}

export async function topupCount(db: Executor, filter: TopupFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(topupRequests).where(whereOf(filter));
  return row?.n ?? 0;
}

/** The export batch after `after` (a row of the previous batch), newest first. */
export function topupBatch(db: Executor, filter: TopupFilter, after?: TopupView) {
  return selectTopups(db)
    .where(and(whereOf(filter), after ? olderThan(topupRequests, after.topup.id) : undefined))
    .orderBy(...newestFirst)
    .limit(EXPORT_BATCH);
}
