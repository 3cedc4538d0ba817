import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { currencies, topupMethods, topupRequests } from '../../db/schema/index';
import { oneRow } from '../../lib/rows';

export type TopupMethodRow = typeof topupMethods.$inferSelect;
export type TopupMethodValues = Omit<
  typeof topupMethods.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'deletedAt'
>;

/** A method with its currency's rate now (null when the currency was deleted since). */
export interface TopupMethodWithRate {
  method: TopupMethodRow;
  rateToUsd: number | null;
}

const ownedBy = (ownerId: string | null) =>
  ownerId === null ? isNull(topupMethods.ownerId) : eq(topupMethods.ownerId, ownerId);

function selectWithRate(db: Executor) {
  return db
    .select({ method: topupMethods, rateToUsd: currencies.rateToUsd })
    .from(topupMethods)
    .leftJoin(currencies, eq(currencies.code, topupMethods.currencyCode));
}

/** The methods `ownerId` offers (null: the platform's), not deleted; `enabledOnly` for payers. */
export function listTopupMethods(
  db: Executor,
  ownerId: string | null,
  { enabledOnly }: { enabledOnly: boolean },
): Promise<TopupMethodWithRate[]> {
  return selectWithRate(db)
    .where(
      and(
        ownedBy(ownerId),
        isNull(topupMethods.deletedAt),
        enabledOnly ? eq(topupMethods.enabled, true) : undefined,
      ),
    )
    .orderBy(asc(topupMethods.createdAt), asc(topupMethods.id));
}

export async function findTopupMethod(
  db: Executor,
  id: string,
): Promise<TopupMethodWithRate | undefined> {
  const [row] = await selectWithRate(db)
    .where(and(eq(topupMethods.id, id), isNull(topupMethods.deletedAt)))
    .limit(1);
  return row;
}

export async function insertTopupMethod(
  db: Executor,
  values: TopupMethodValues,
): Promise<TopupMethodRow> {
  return oneRow(await db.insert(topupMethods).values(values).returning());
}

export async function updateTopupMethod(
  db: Executor,
  id: string,
  values: Partial<TopupMethodValues>,
): Promise<TopupMethodRow | undefined> {
  const [row] = await db
    .update(topupMethods)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(topupMethods.id, id), isNull(topupMethods.deletedAt)))
    .returning();
  return row;
}

/**
 * Deletes the method unless a pending request names it, then only disables it, so a request
 * already made keeps its method and can still be decided. Deleted methods stay as rows (marked
 * `deleted_at`), since decided requests name them. The method's row is locked first: a request
 * made at the same moment either sees the method disabled or is counted here.
 */
export async function deleteOrDisableTopupMethod(
  tx: Executor,
  id: string,
): Promise<'deleted' | 'disabled'> {
  await tx
    .select({ id: topupMethods.id })
    .from(topupMethods)
    .where(eq(topupMethods.id, id))
    .for('update');
  const [pending] = await tx
    .select({ id: topupRequests.id })
    .from(topupRequests)
    .where(and(eq(topupRequests.methodId, id), eq(topupRequests.status, 'pending')))
    .limit(1);
  if (pending) {
    await tx
      .update(topupMethods)
      .set({ enabled: false, updatedAt: sql`now()` })
      .where(eq(topupMethods.id, id));
    return 'disabled';
  }
  await tx
    .update(topupMethods)
    .set({ enabled: false, deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(topupMethods.id, id));
  return 'deleted';
}

/** The method's row, held FOR SHARE while a request is made on it (see the deletion above). */
export async function lockTopupMethodShared(
  tx: Executor,
  id: string,
): Promise<TopupMethodRow | undefined> {
  const [row] = await tx.select().from(topupMethods).where(eq(topupMethods.id, id)).for('share');
  return row;
}
