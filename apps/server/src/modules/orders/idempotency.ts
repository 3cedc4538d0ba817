import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { OrPlaceholders } from '../../db/statement-shapes';
import { idempotencyKeys } from '../../db/schema/index';

export function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

export interface IdempotencyRecord {
  userId: string;
  key: string;
  hash: string;
  statusCode: number;
  response: unknown;
}

/**
 * Records (user, key) → the answer to replay, as a statement for the order's own statement to
 * embed, so the record and the order commit or vanish together. It answers a row when the key
 * was free. A concurrent request with the same key waits on the primary key until the first
 * commits; it then finds the key taken (no row) and replays the first answer. A record older
 * than 24 hours is forgotten and the key reused.
 */
export function idempotencyReservation(record: IdempotencyRecord): SQL {
  return idempotencyRowInsert(idempotencyRowOf(record));
}

/** The values `idempotencyReservation` binds: the record, its answer as JSON text. */
export function idempotencyRowOf(record: IdempotencyRecord) {
  const { userId, key, hash, statusCode } = record;
  return { userId, key, hash, statusCode, response: JSON.stringify(record.response) };
}

/**
 * `idempotencyReservation` over its values (`idempotencyRowOf`), which may be placeholders: for
 * the order statement, rendered once per shape (statement-shapes.ts).
 */
export function idempotencyRowInsert(
  row: OrPlaceholders<ReturnType<typeof idempotencyRowOf>>,
): SQL {
  return sql`insert into ${idempotencyKeys} (user_id, key, request_hash, status_code, response)
    values (${row.userId}::uuid, ${row.key}::text, ${row.hash}::text,
            ${row.statusCode}::int, ${row.response}::jsonb)
    on conflict (user_id, key) do update
      set request_hash = excluded.request_hash, status_code = excluded.status_code,
          response = excluded.response, created_at = now()
      where ${idempotencyKeys}.created_at < now() - interval '24 hours'
    returning key`;
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
