import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerEntries, users } from '../../db/schema/index';
import { oneRow } from '../../lib/rows';
import { profitOf } from '../ledger/profit-accruals';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * A user's row as readers see it: `profitCents` is its profit with the margins not yet folded
 * into the bucket (`profitOf`). Money changes read the bucket itself under the row's lock.
 */
const userColumns = { ...getTableColumns(users), profitCents: profitOf() };

export async function findUserByIdentifier(db: Executor, identifier: string) {
  const lowered = identifier.trim().toLowerCase();
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lowered}`, eq(users.email, lowered)))
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * The user's row as stored (`profitCents` the bucket itself, without the margins not yet folded),
 * locked FOR NO KEY UPDATE with `lock` until the transaction ends: the only lock a user row takes
 * (docs/money.md, "The lock order").
 */
export async function storedUserRow(db: Executor, id: string, { lock }: { lock: boolean }) {
  const query = db.select().from(users).where(eq(users.id, id)).limit(1);
  const [row] = lock ? await query.for('no key update') : await query;
  return row;
}

/**
 * Locks the user's row FOR NO KEY UPDATE for the rest of the transaction, reading nothing: a
 * ledger row or an order naming the user takes a KEY SHARE lock on it, which this lock lets pass
 * where FOR UPDATE would make it wait (docs/money.md, "The lock order").
 */
export async function lockUserRow(tx: Executor, id: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('no key update');
}

export async function insertUser(db: Executor, values: NewUser) {
  return oneRow(await db.insert(users).values(values).returning());
}

export async function updateUser(db: Executor, id: string, values: Partial<NewUser>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function countAdmins(db: Executor) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'admin'));
  return row?.n ?? 0;
}

/**
 * Figures derived from the ledger: `total` is everything ever credited to the balance except
 * refunds (deposits, transfers in, conversions); `spent` is purchases minus refunds (a whole
 * order's or one unit's, `refund_unit`).
 */
export async function balanceTotals(db: Executor, userId: string) {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.amountCents} > 0 and ${ledgerEntries.kind} not in ('refund', 'refund_unit')), 0)::text`,
      spent: sql<string>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} in ('purchase', 'refund', 'refund_unit')), 0)::text`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.bucket, 'balance')));
  return { totalCents: BigInt(row?.total ?? '0'), spentCents: BigInt(row?.spent ?? '0') };
}
