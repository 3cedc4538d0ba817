import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
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

export class ProductListCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  /** `maxBytes` 0 turns caching off (every list is built afresh). */
  constructor(private readonly maxBytes: number) {}

  get enabled() {
    return this.maxBytes > 0;
  }

  get(key: string, fingerprint: string): RenderedList | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.fingerprint !== fingerprint) return undefined;
    // Map order is insertion order: re-inserting marks the entry as the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, fingerprint: string, list: RenderedList) {
    if (!this.enabled || list.gzip.length > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, { ...list, fingerprint });
    this.bytes += list.gzip.length;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.gzip.length;
    this.entries.delete(key);
  }
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
const versionsOf = (table: string, where = sql``) => sql`(
  select n || '.' || (n * r - s1) || '.' || (n * r * r - 2 * r * s1 + s2) from (
    select count(*)::numeric as n,
      coalesce(sum(age(xmin)), 0)::numeric as s1,
      coalesce(sum(age(xmin)::int8 * age(xmin)), 0)::numeric as s2,
      age('3'::xid)::numeric + 3 as r
    from ${sql.raw(table)} ${where}) as moments)`;

/**
 * Every row a product list for `chain` is built from: the catalogue itself (with the pending
 * stock changes) and, for a buyer, the
 * prices its chain of sellers set (seller prices, the admin package at the top, manager
 * packages on the way). Admins (no chain) see the platform's prices, on the product rows.
 */
export async function listFingerprint(db: Executor, chain: PricingChain | null): Promise<string> {
  const catalogue = sql`${versionsOf('products')}, ${versionsOf('product_stock_changes')}, ${versionsOf('categories')}, ${versionsOf('subcategories')}`;
  if (!chain) return fingerprintOf(db, catalogue);
  const memberIds = chain.members.map((member) => member.id);
  const adminPackageId = chain.members.at(-1)?.packageId ?? null;
  const managerPackageIds = chain.members.flatMap((m) =>
    m.managerPackageId ? [m.managerPackageId] : [],
  );
  return fingerprintOf(
    db,
    sql`${catalogue},
      ${versionsOf('seller_prices', sql`where seller_id in ${idList(memberIds)}`)},
      ${versionsOf('package_products', sql`where package_id in ${idList(adminPackageId ? [adminPackageId] : [])}`)},
      ${versionsOf('manager_packages', sql`where id in ${idList(managerPackageIds)}`)},
      ${versionsOf('manager_package_products', sql`where package_id in ${idList(managerPackageIds)}`)}`,
  );
}

/** `(id, …)` for an IN list; an empty list matches nothing (a nil UUID is never an id here). */
const idList = (ids: readonly string[]) =>
  sql`(${sql.join(
    (ids.length ? ids : ['00000000-0000-0000-0000-000000000000']).map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

async function fingerprintOf(db: Executor, columns: ReturnType<typeof sql>) {
  const [row] = await rowsOf<{ fingerprint: string }>(
    db,
    sql`select concat_ws('|', ${columns}) as fingerprint`,
  );
  return row!.fingerprint;
}
