import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { currencies } from '../../db/schema/index';
import { oneRow } from '../../lib/rows';

export type CurrencyRow = typeof currencies.$inferSelect;

export async function listCurrencies(db: Executor): Promise<CurrencyRow[]> {
  return db.select().from(currencies).orderBy(asc(currencies.code));
}

export async function findCurrency(db: Executor, id: string): Promise<CurrencyRow | undefined> {
  const [row] = await db.select().from(currencies).where(eq(currencies.id, id)).limit(1);
  return row;
}

/** Inserts the currency; a code already present violates `currencies_code_unique`. */
export async function insertCurrency(
  db: Executor,
  values: { code: string; symbol: string; rateToUsd: number },
): Promise<CurrencyRow> {
  return oneRow(await db.insert(currencies).values(values).returning());
}

/** Inserts the currency unless its code exists (idempotent: safe from every instance at start). */
export async function ensureCurrency(
  db: Executor,
  values: { code: string; symbol: string; rateToUsd: number },
) {
  await db.insert(currencies).values(values).onConflictDoNothing({ target: currencies.code });
}

export async function updateCurrencyRate(
  db: Executor,
  id: string,
  rateToUsd: number,
): Promise<CurrencyRow | undefined> {
  const [row] = await db
    .update(currencies)
    .set({ rateToUsd })
    .where(eq(currencies.id, id))
    .returning();
  return row;
}

export async function deleteCurrency(db: Executor, id: string) {
  await db.delete(currencies).where(eq(currencies.id, id));
}
