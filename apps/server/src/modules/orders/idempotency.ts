import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/index';

export function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

/**
 * Reserves (user, key) inside the order's transaction. A concurrent request with the same key
 * blocks on the primary key until the first commits, then fails with a unique violation and
 * replays the stored answer; if the first rolled back, the reservation vanished with it.
 */
export async function reserveIdempotencyKey(
  tx: Executor,
  userId: string,
  key: string,
  hash: string,
) {
  // Keys are remembered for 24 hours; an older record of the same key is forgotten first.
  await tx
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        lt(idempotencyKeys.createdAt, sql`now() - interval '24 hours'`),
      ),
    );
  await tx
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash: hash, statusCode: 0, response: {} });
}

export async function storeIdempotentResponse(
  tx: Executor,
  userId: string,
  key: string,
  statusCode: number,
  response: unknown,
) {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode, response })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

export async function findIdempotentResponse(db: Executor, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        sql`${idempotencyKeys.createdAt} > now() - interval '24 hours'`,
      ),
    )
    .limit(1);
  return row;
}
