import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/index';

export function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

/**
 * Records (user, key) → the answer to replay, inside the order's transaction, so the record and
 * the order commit or vanish together. A concurrent request with the same key waits on the
 * primary key until the first commits; it then finds the key taken (false) and replays the first
 * answer. A record older than 24 hours is forgotten and the key reused.
 */
export async function reserveIdempotencyKey(
  tx: Executor,
  record: { userId: string; key: string; hash: string; statusCode: number; response: unknown },
): Promise<boolean> {
  const fresh = {
    requestHash: record.hash,
    statusCode: record.statusCode,
    response: record.response,
  };
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ userId: record.userId, key: record.key, ...fresh })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { ...fresh, createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - interval '24 hours'`,
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
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
