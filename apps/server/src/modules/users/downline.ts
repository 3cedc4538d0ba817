import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The downline of a user: everyone below it in the invitation tree, at any depth, read from the
 * tree's closure table (`invitation_tree`, kept by a trigger on every user insert). One index
 * range answers for a downline of any size, where walking `invited_by_id` costs a lookup per
 * member.
 */

/** SQL for the ids of the downline of `userId` (not the user itself), for `IN (...)` filters. */
export function downlineIds(userId: string): SQL {
  return sql`(select descendant_id from invitation_tree where ancestor_id = ${userId} and depth > 0)`;
}

/**
 * SQL for the ids of a user and its downline, for `IN (...)` filters: a manager's or reseller's
 * scope. The user's own row (depth 0) makes it one range of the closure, which the planner
 * estimates from its statistics (a union with the user was estimated at 200 rows: a manager's
 * 20,000 then made it read every one of their 200,000 orders to show 25;
 * bench/results/ledger-and-orders-pages.md).
 */
export function selfAndDownlineIds(userId: string): SQL {
  return sql`(select descendant_id from invitation_tree where ancestor_id = ${userId})`;
}

/** True when `userId` sits somewhere below `ancestorId` in the invitation tree. */
export async function isInDownline(
  db: Executor,
  ancestorId: string,
  userId: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from invitation_tree
    where ancestor_id = ${ancestorId} and descendant_id = ${userId} and depth > 0`);
  return (result as { rows: unknown[] }).rows.length > 0;
}

/** `isInDownline` below one ancestor: the loader the access policy calls only when it must. */
export const inDownlineOf = (db: Executor, ancestorId: string) => (userId: string) =>
  isInDownline(db, ancestorId, userId);
