import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { pricedTables } from '../pricing/pricing-inputs';
import type { PricingChain } from '../pricing/pricing.service';
import { databaseIdentity } from '../products/product-fragments';
import type { ListStock } from './product-list-stock';

/*
 * What the whole-catalogue list cache (product-list-cache.ts) reads from the database about a
 * list: its fingerprint (whether what it was built from changed), with the stock changed since
 * the last read (product-list-stock.ts), and what a build reads first in its snapshot.
 */

/** What an answer reads: the list's fingerprint (the stock is read into `ListStock` with it). */
export interface ListState {
  fingerprint: string;
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
 * The fingerprint, with the stock changed since the last read and that of `ids` besides, into
 * `stock`: of one moment (one statement).
 */
export function listState(
  db: Executor,
  chain: PricingChain | null,
  stock: ListStock,
  ids: readonly string[],
): Promise<ListState> {
  return stock.read<ListState>(db, sql`${fingerprintColumn(chain)} as fingerprint`, ids);
}

/** What a build reads first, in its snapshot: the fingerprint, the set of products, the database. */
export interface ListSnapshot extends ListState {
  /**
   * The set of every product's id, without reading them: how many, and the sum of a 64-bit hash
   * of each. It changes when a product is added or removed (product-list-changes.ts).
   */
  idSet: string;
  database: string;
  /** The snapshot itself (`pg_current_snapshot()`), to tell the rows written after it. */
  xids: string;
}

/** `listState` in a build's snapshot, without the stock, with what the build needs besides. */
export async function listSnapshot(
  db: Executor,
  chain: PricingChain | null,
): Promise<ListSnapshot> {
  const rows = await rowsOf<ListSnapshot>(
    db,
    sql`select ${fingerprintColumn(chain)} as fingerprint,
        (select count(*) || ':' || coalesce(sum(hashtextextended(id::text, 0)), 0) from products)
          as "idSet",
        ${databaseIdentity} as database,
        pg_current_snapshot()::text as xids`,
  );
  const [snapshot] = rows;
  if (!snapshot) throw new Error('a select from one row answers one row');
  return snapshot;
}

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
