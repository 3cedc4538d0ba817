import { sql, type SQL } from 'drizzle-orm';
import { stockOfEveryProduct } from '../stock/stock';
import { rowsOf, type Executor } from '../../db/client';
import { pricedTables } from '../pricing/pricing-inputs';
import type { PricingChain } from '../pricing/pricing.service';
import { databaseIdentity } from '../products/product-fragments';

/*
 * What the whole-catalogue list cache (product-list-cache.ts) reads from the database about a
 * list: its fingerprint (whether what it was built from changed), every product's stock, and
 * what a build reads first in its snapshot.
 */

/**
 * Every product's stock (counter plus pending changes), as the database answers it: the figures
 * in the order of the products' ids, separated by commas. Small (~40 KB for 10,000 products) and
 * read without JSON: a list knows where its products are in it (`PricedList.stockSlots`).
 */
export interface ListState {
  fingerprint: string;
  stock: string;
}

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

/**
 * What every product list is built from, whoever asks, other than the stock: the products (their
 * version row, product_catalogue_version, rather than a scan of every product) and the category
 * names. The stock is read apart for each answer (`listState`).
 */
const catalogueVersions = [
  sql`(select version::text from product_catalogue_version)`,
  versionsOf('categories'),
  versionsOf('subcategories'),
];

/**
 * Every row a product list for `chain` is built from, but the stock: the catalogue and, for a
 * buyer, the rows its chain's prices are read from (pricing-inputs.ts). Admins (no chain) see the
 * platform's prices, on the product rows.
 */
export async function listFingerprint(db: Executor, chain: PricingChain | null): Promise<string> {
  const rows = await rowsOf<{ fingerprint: string }>(
    db,
    sql`select ${fingerprintColumn(chain)} as fingerprint`,
  );
  // A select without FROM answers exactly one row.
  return rows[0]?.fingerprint ?? '';
}

/**
 * Every product's stock, counter plus pending changes, in the order of the ids (`ListState`).
 * An array of the ordered rows rather than an ordered aggregate: the same order, in about two
 * thirds of the time (3.5 against 5.5 ms for 10,000 products, PostgreSQL 15).
 */
const stockFigures = sql`array_to_string(array(
  select s.stock from ${stockOfEveryProduct} s order by s.id), ',')`;

/** The fingerprint and every product's stock, of one moment (one statement). */
export async function listState(db: Executor, chain: PricingChain | null): Promise<ListState> {
  const rows = await rowsOf<ListState>(
    db,
    sql`select ${fingerprintColumn(chain)} as fingerprint, ${stockFigures} as stock`,
  );
  return rows[0] ?? { fingerprint: '', stock: '' };
}

/** What a build reads first, in its snapshot: `listState`, the set of products, the database. */
export interface ListSnapshot extends Omit<ListState, 'stock'> {
  /** Every product's stock, unless the fingerprint was the one the build was asked for. */
  stock: string | null;
  /**
   * The set of every product's id, without reading them: how many, and the sum of a 64-bit hash
   * of each. It changes when a product is added or removed, which changes the order of a stock
   * read (`stockSlotsOf`).
   */
  idSet: string;
  database: string;
  /** The snapshot itself (`pg_current_snapshot()`), to tell the rows written after it. */
  xids: string;
}

/**
 * `listState` in a build's snapshot, with what the build needs besides. The stock is read only
 * when the fingerprint is not `expected`: a list of the fingerprint the request read its stock
 * with is answered with that stock (product-list-cache.ts), and the read is ~7 ms of the
 * database's time for 10,000 products.
 */
export async function listSnapshot(
  db: Executor,
  chain: PricingChain | null,
  expected?: string,
): Promise<ListSnapshot> {
  const rows = await rowsOf<ListSnapshot>(
    db,
    sql`with f as (select ${fingerprintColumn(chain)} as fingerprint)
      select f.fingerprint,
        case when f.fingerprint = ${expected ?? ''} then null else ${stockFigures} end as stock,
        (select count(*) || ':' || coalesce(sum(hashtextextended(id::text, 0)), 0) from products)
          as "idSet",
        ${databaseIdentity} as database,
        pg_current_snapshot()::text as xids
      from f`,
  );
  const [snapshot] = rows;
  if (!snapshot) throw new Error('a select from one row answers one row');
  return snapshot;
}

/**
 * Where each product id is in a stock read of `snapshot` (read in `db`, its transaction). The
 * ids are read, and sorted by the database, only when the set of products is not the last one
 * seen: ~10,000 ids sorted and sent are most of what a build reads otherwise.
 */
export async function stockSlotsOf(
  db: Executor,
  snapshot: ListSnapshot,
): Promise<ReadonlyMap<string, number>> {
  const set = `${snapshot.database}#${snapshot.idSet}`;
  if (lastSlots?.set === set) return lastSlots.slots;
  const [row] = await rowsOf<{ ids: string }>(
    db,
    sql`select coalesce(string_agg(id::text, ',' order by id), '') as ids from products`,
  );
  const slots = new Map<string, number>();
  if (row?.ids) row.ids.split(',').forEach((id, slot) => slots.set(id, slot));
  lastSlots = { set, slots };
  return slots;
}

let lastSlots: { set: string; slots: ReadonlyMap<string, number> } | undefined;

/**
 * The fingerprint: the database's identity, what every list is built from (the catalogue), and
 * what `chain`'s prices are read from, each part apart (`#`), so that `pricingBasisOf` can tell
 * whether two lists were priced from the same rows.
 */
function fingerprintColumn(chain: PricingChain | null): SQL {
  const prices = chain
    ? Object.entries(pricedTables).map(([table, rowsOf]) => {
        const { column, ids } = rowsOf(chain);
        return versionsOf(table, sql`where ${sql.identifier(column)} in ${idList(ids)}`);
      })
    : [];
  return sql`concat_ws('#', ${databaseIdentity},
    concat_ws('|', ${sql.join(catalogueVersions, sql`, `)}),
    ${prices.length ? sql`concat_ws('|', ${sql.join(prices, sql`, `)})` : sql`''`})`;
}

/**
 * What a list's prices are computed from besides its products' own rows: the database (whose
 * row versions are compared) and the chain's pricing rows, the first and last parts of its
 * fingerprint. Two lists of one key with the same basis price a product alike while its own row
 * is the same version (`ProductsService.pricedListOf` takes it as it is).
 */
export function pricingBasisOf(fingerprint: string): string {
  const parts = fingerprint.split('#');
  return `${parts[0] ?? ''}#${parts.at(-1) ?? ''}`;
}

/** `(id, …)` for an IN list; an empty list matches nothing (a nil UUID is never an id here). */
const idList = (ids: readonly string[]) =>
  sql`(${sql.join(
    (ids.length ? ids : ['00000000-0000-0000-0000-000000000000']).map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
