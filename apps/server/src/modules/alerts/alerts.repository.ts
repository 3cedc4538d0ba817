import { desc, eq, not } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { alerts } from '../../db/schema/index';
import { oneRow } from '../../lib/rows';

export type AlertRow = typeof alerts.$inferSelect;
export type NewAlert = typeof alerts.$inferInsert;

/** Newest first; `activeOnly` for the banners non-admins see. */
export async function listAlerts(db: Executor, { activeOnly }: { activeOnly: boolean }) {
  const query = db.select().from(alerts);
  return (activeOnly ? query.where(eq(alerts.active, true)) : query).orderBy(
    desc(alerts.createdAt),
    desc(alerts.id),
  );
}

export async function insertAlert(db: Executor, values: NewAlert): Promise<AlertRow> {
  return oneRow(await db.insert(alerts).values(values).returning());
}

/** Flips `active` in one statement, so two toggles at once give two flips, never one. */
export async function toggleAlert(db: Executor, id: string): Promise<AlertRow | undefined> {
  const [row] = await db
    .update(alerts)
    .set({ active: not(alerts.active), updatedAt: new Date() })
    .where(eq(alerts.id, id))
    .returning();
  return row;
}

export async function deleteAlert(db: Executor, id: string): Promise<AlertRow | undefined> {
  const [row] = await db.delete(alerts).where(eq(alerts.id, id)).returning();
  return row;
}
