import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { ProductListQuery } from '@keymarket/contracts/catalogue';
import type { Role } from '@keymarket/contracts/users';
import { rowsOf, type Executor } from '../../db/client';
import { chainKeyFields, pricedTables } from '../pricing/pricing-inputs';
import type { PricingChain } from '../pricing/pricing.service';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Whole-catalogue product lists, rendered once and served again while nothing they were built from
 * has changed.
 *
 * The shop loads every product at once (up to 10,000, priced through the buyer's whole chain of
 * sellers); building that answer costs hundreds of milliseconds of CPU, sending a cached one a few.
 * An entry is valid for as long as the list's fingerprint is unchanged: PostgreSQL stamps every
 * row version with the transaction that wrote it (xmin), so any insert, update or delete of a row
 * the list reads changes the fingerprint, whichever process or tool made it. An entry is built from one
 * snapshot (fingerprint and rows read in the same repeatable-read transaction), so it is always a
 * list that was true at some moment, never a mix.
 *
 * Only gzip bytes are kept (a tenth of the JSON); the rare client without gzip gets them inflated.
 */
export interface RenderedList {
  /** Strong validator for If-None-Match: the key and fingerprint it was built for. */
  etag: string;
  gzip: Buffer;
}

interface Entry extends RenderedList {
  fingerprint: string;
}

/** Gzipped lists by key, least recently used dropped first past a budget in bytes. */
export class ProductListCache {
  private readonly entries: LRUCache<string, Entry> | undefined;

  /** `maxBytes` 0 turns caching off (every list is built afresh). */
  constructor(maxBytes: number) {
    // A list bigger than the whole budget is not kept (lru-cache's maxEntrySize is maxSize).
    this.entries =
      maxBytes > 0
        ? new LRUCache({
            maxSize: maxBytes,
            sizeCalculation: (entry) => Math.max(1, entry.gzip.length),
          })
        : undefined;
  }

  get enabled() {
    return this.entries !== undefined;
  }

  get(key: string, fingerprint: string): RenderedList | undefined {
    const entry = this.entries?.get(key);
    return entry?.fingerprint === fingerprint ? entry : undefined;
  }

  set(key: string, fingerprint: string, list: RenderedList) {
    this.entries?.set(key, { ...list, fingerprint });
  }
}

/**
 * The cache key of `caller`'s list: who asks, the query, and the fields of each member of its
 * chain of sellers that prices depend on (pricing-inputs.ts), so a changed chain is a new key.
 */
export function listCacheKey(
  caller: { userId: string; role: Role },
  chain: PricingChain | null,
  query: ProductListQuery,
): string {
  const members = chain?.members.map((member) => chainKeyFields.map((field) => member[field]));
  return JSON.stringify([caller.userId, caller.role, members ?? null, query]);
}

export async function renderList(etag: string, body: unknown): Promise<RenderedList> {
  return { etag, gzip: await gzipAsync(JSON.stringify(body)) };
}

export const inflate = (list: RenderedList) => gunzipAsync(list.gzip);

/**
 * The row count and the first two moments (Σx, Σx²) of the rows' xmin: any insert, update or
 * delete changes the multiset of xmins, and with it these (short of a coincidence on both sums at
 * once). age(xmin) is much cheaper to read than xmin::text::bigint; it counts back from a
 * reference xid that moves between transactions, so the sums are re-based on xid 3 (the first
 * normal one) to stay the same while the rows do.
 */
const versionsOf = (table: string, where = sql``): SQL => sql`(
  select n || '.' || (n * r - s1) || '.' || (n * r * r - 2 * r * s1 + s2) from (
    select count(*)::numeric as n,
      coalesce(sum(age(xmin)), 0)::numeric as s1,
      coalesce(sum(age(xmin)::int8 * age(xmin)), 0)::numeric as s2,
      age('3'::xid)::numeric + 3 as r
    from ${sql.raw(table)} ${where}) as moments)`;

/** The tables every product list reads whole, whoever asks. */
const CATALOGUE_TABLES = ['products', 'product_stock_changes', 'categories', 'subcategories'];

/**
 * Every row a product list for `chain` is built from: the catalogue itself (with the pending
 * stock changes) and, for a buyer, the rows its chain's prices are read from (pricing-inputs.ts).
 * Admins (no chain) see the platform's prices, on the product rows.
 */
export async function listFingerprint(db: Executor, chain: PricingChain | null): Promise<string> {
  const catalogue = CATALOGUE_TABLES.map((table) => versionsOf(table));
  const prices = chain
    ? Object.entries(pricedTables).map(([table, rowsOf]) => {
        const { column, ids } = rowsOf(chain);
        return versionsOf(table, sql`where ${sql.identifier(column)} in ${idList(ids)}`);
      })
    : [];
  return fingerprintOf(db, sql.join([...catalogue, ...prices], sql`, `));
}

/** `(id, …)` for an IN list; an empty list matches nothing (a nil UUID is never an id here). */
const idList = (ids: readonly string[]) =>
  sql`(${sql.join(
    (ids.length ? ids : ['00000000-0000-0000-0000-000000000000']).map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

async function fingerprintOf(db: Executor, columns: SQL) {
  const rows = await rowsOf<{ fingerprint: string }>(
    db,
    sql`select concat_ws('|', ${columns}) as fingerprint`,
  );
  // A select without FROM answers exactly one row.
  return rows[0]?.fingerprint ?? '';
}
