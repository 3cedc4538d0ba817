import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bannedCountries } from '../../db/schema/index';
import { oneRow } from '../../lib/rows';

export type BannedCountryRow = typeof bannedCountries.$inferSelect;

export async function listBannedCountries(db: Executor): Promise<BannedCountryRow[]> {
  return db.select().from(bannedCountries).orderBy(asc(bannedCountries.countryCode));
}

export async function isCountryBanned(db: Executor, countryCode: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bannedCountries.id })
    .from(bannedCountries)
    .where(eq(bannedCountries.countryCode, countryCode))
    .limit(1);
  return Boolean(row);
}

/** Inserts the ban; a code already banned violates `banned_countries_code_unique`. */
export async function insertBannedCountry(
  db: Executor,
  values: { countryCode: string; createdById: string },
): Promise<BannedCountryRow> {
  return oneRow(await db.insert(bannedCountries).values(values).returning());
}

export async function deleteBannedCountry(
  db: Executor,
  id: string,
): Promise<BannedCountryRow | undefined> {
  const [row] = await db.delete(bannedCountries).where(eq(bannedCountries.id, id)).returning();
  return row;
}
