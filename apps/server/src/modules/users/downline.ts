import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * SQL for the ids of a user and everyone below it in the invitation tree, for `IN (...)`
 * filters: a manager's or reseller's scope.
 */
export function selfAndDownlineIds(userId: string): SQL {
  return sql`(
    with recursive tree as (
      select id, 0 as depth from users where id = ${userId}
      union all
      select u.id, tree.depth + 1 from users u join tree on u.invited_by_id = tree.id where tree.depth < 64
    )
    select id from tree
  )`;
}

/** True when `userId` sits somewhere below `ancestorId` in the invitation tree. */
export async function isInDownline(
  db: Executor,
  ancestorId: string,
  userId: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    with recursive up as (
      select id, invited_by_id, 0 as depth from users where id = ${userId}
      union all
      select u.id, u.invited_by_id, up.depth + 1 from users u join up on u.id = up.invited_by_id where up.depth < 64
    )
    select 1 from up where id = ${ancestorId} and depth > 0 limit 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
