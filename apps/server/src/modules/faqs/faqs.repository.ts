import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { faqs } from '../../db/schema/index';
import { oneRow } from '../../lib/rows';

export type FaqRow = typeof faqs.$inferSelect;
export type FaqValues = Omit<typeof faqs.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** By position; FAQs sharing a position keep the order they were added in. */
export async function listFaqs(db: Executor): Promise<FaqRow[]> {
  return db.select().from(faqs).orderBy(asc(faqs.position), asc(faqs.createdAt), asc(faqs.id));
}

export async function findFaq(db: Executor, id: string): Promise<FaqRow | undefined> {
  const [row] = await db.select().from(faqs).where(eq(faqs.id, id)).limit(1);
  return row;
}

/** The position after the last FAQ, for one added without a position. */
export async function nextFaqPosition(db: Executor): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${faqs.position}) + 1, 0)::int` })
    .from(faqs);
  return row?.next ?? 0;
}

export async function insertFaq(db: Executor, values: FaqValues): Promise<FaqRow> {
  return oneRow(await db.insert(faqs).values(values).returning());
}

export async function updateFaq(
  db: Executor,
  id: string,
  values: Partial<FaqValues>,
): Promise<FaqRow | undefined> {
  const [row] = await db
    .update(faqs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(faqs.id, id))
    .returning();
  return row;
}

export async function deleteFaq(db: Executor, id: string): Promise<FaqRow | undefined> {
  const [row] = await db.delete(faqs).where(eq(faqs.id, id)).returning();
  return row;
}
