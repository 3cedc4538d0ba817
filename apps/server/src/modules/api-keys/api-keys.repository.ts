import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiKeys, users } from '../../db/schema/index';
import { oneRow } from '../../lib/rows';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;

export async function insertApiKey(db: Executor, values: NewApiKey) {
  return oneRow(await db.insert(apiKeys).values(values).returning());
}

/**
 * Locks the owner's row for the rest of the transaction, so two creations at once count the
 * active keys one after the other. `no key update` does not wait for the owner's orders, whose
 * foreign keys take only `key share`.
 */
export async function lockKeyOwner(tx: Executor, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function countActiveApiKeys(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

/** A user's keys, newest first. */
export function listApiKeys(db: Executor, userId: string) {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revokes a key; a key already revoked keeps the time it was revoked first. */
export async function revokeApiKey(db: Executor, id: string) {
  return oneRow(
    await db
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
      .where(eq(apiKeys.id, id))
      .returning(),
  );
}

/** The key, locked for the rest of the transaction. */
export async function lockApiKey(tx: Executor, id: string) {
  const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
  return row;
}

/** Sets a key's addresses. */
export async function updateApiKeyAddresses(db: Executor, id: string, allowedIps: string[]) {
  return oneRow(await db.update(apiKeys).set({ allowedIps }).where(eq(apiKeys.id, id)).returning());
}
