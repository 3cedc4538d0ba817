import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sideBySide } from '../../db/side-by-side';
import { orderKeyActions, productKeys, tickets, users } from '../../db/schema/index';
import type { KeyState } from '@keymarket/contracts/orders';

/** An order whose key places are read: a docked one's keys are its supplier's, not the pool's. */
export interface KeyedOrder {
  id: string;
  quantity: number;
  sourcing: 'local' | 'upstream';
}

/**
 * An order's keys in place order, the one order every read of them shares: by sale time (a
 * backorder's keys arrive later, a replacement last), then position, the order they were imported
 * and `place_order` answers them in. "Key 1" is the first imported.
 */
export const orderKeysInPlace = [asc(productKeys.soldAt), asc(productKeys.position)] as const;

export interface KeyPlaces {
  /** The pool's keys it was delivered (none for a docked order). */
  delivered: { id: string; ciphertext: Buffer }[];
  /** The pool's keys it holds now, each replaced one swapped for its replacement. */
  current: Buffer[];
  /** A docked order's replacements from its supplier, sealed, by place. */
  replacements: Map<number, Buffer>;
  states: KeyState[];
}

/**
 * The keys sold to each order, in place order: the keys it was delivered (`orderKeysInPlace`),
 * each replaced one swapped for its replacement. A replacement is
 * sold to the same order later, so it is told apart by the action that names it, not by its place.
 * A docked order's keys are its delivered text (one per unit) and its supplier's replacements.
 */
export async function keyPlacesOf(db: Executor, orders: readonly KeyedOrder[]) {
  const result = new Map<string, KeyPlaces>();
  if (orders.length === 0) return result;
  const ids = orders.map((o) => o.id);
  // Also read inside an after-sale transaction: side by side only on the pool.
  const [keys, actions, reports] = await sideBySide(
    db,
    () =>
      db
        .select({
          id: productKeys.id,
          orderId: productKeys.orderId,
          ciphertext: productKeys.ciphertext,
        })
        .from(productKeys)
        .where(inArray(productKeys.orderId, ids))
        .orderBy(...orderKeysInPlace),
    () => db.select().from(orderKeyActions).where(inArray(orderKeyActions.orderId, ids)),
    () =>
      db
        .select({ orderId: tickets.orderId, keyIndex: tickets.keyIndex })
        .from(tickets)
        .where(and(inArray(tickets.orderId, ids), isNotNull(tickets.keyIndex))),
  );
  const replacements = new Set(
    actions.flatMap((a) => (a.replacementKeyId ? [a.replacementKeyId] : [])),
  );
  const byId = new Map(keys.map((k) => [k.id, k.ciphertext]));
  for (const { id: orderId, quantity, sourcing } of orders) {
    const delivered = keys.filter((k) => k.orderId === orderId && !replacements.has(k.id));
    const states: KeyState[] = Array.from(
      { length: sourcing === 'upstream' ? quantity : delivered.length },
      () => 'delivered',
    );
    const current = delivered.map((k) => k.ciphertext);
    const supplied = new Map<number, Buffer>();
    for (const report of reports) {
      if (
        report.orderId === orderId &&
        report.keyIndex !== null &&
        report.keyIndex < states.length
      ) {
        states[report.keyIndex] = 'reported';
      }
    }
    for (const action of actions) {
      if (action.orderId !== orderId || action.keyIndex >= states.length) continue;
      states[action.keyIndex] = action.action;
      const replacement = action.replacementKeyId && byId.get(action.replacementKeyId);
      if (replacement) current[action.keyIndex] = replacement;
      if (action.replacementCiphertext) {
        supplied.set(action.keyIndex, action.replacementCiphertext);
      }
    }
    result.set(orderId, {
      delivered: delivered.map((k) => ({ id: k.id, ciphertext: k.ciphertext })),
      current,
      replacements: supplied,
      states,
    });
  }
  return result;
}

/**
 * Records that the unit at `keyIndex` is replaced or refunded, if nothing was done about it yet:
 * the primary key decides, so of two actions racing on one unit exactly one gets a row (the
 * other waits for its commit, then finds it). Answers whether this one did.
 */
export async function claimKeyAction(
  db: Executor,
  values: typeof orderKeyActions.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(orderKeyActions)
    .values(values)
    .onConflictDoNothing()
    .returning({ orderId: orderKeyActions.orderId });
  return rows.length > 0;
}

export async function setReplacementKey(
  db: Executor,
  orderId: string,
  keyIndex: number,
  replacementKeyId: string,
) {
  await db
    .update(orderKeyActions)
    .set({ replacementKeyId })
    .where(and(eq(orderKeyActions.orderId, orderId), eq(orderKeyActions.keyIndex, keyIndex)));
}

/** The report ticket of one key, if any. */
export async function reportTicketOf(db: Executor, orderId: string, keyIndex: number) {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.orderId, orderId), eq(tickets.keyIndex, keyIndex)))
    .limit(1);
  return row;
}

/** The platform's first administrator: the author of what the platform writes by itself. */
export async function firstAdminId(db: Executor): Promise<string | undefined> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return admin?.id;
}
