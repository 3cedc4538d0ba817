import { LRUCache } from 'lru-cache';
import { sql } from 'drizzle-orm';
import { badgesOf, sharedFields, type SharedColumns } from './product-view';

/**
 * The part of each product's JSON that is the same whoever looks at it (`sharedFields`: names,
 * description, category, dates…), kept per process for every list built, so that a list is
 * built again by pricing its products and joining kept bytes instead of writing 10,000 products
 * out once more. A new buyer's first list, a price change and a restart then cost the pricing,
 * not the JSON.
 *
 * The invariant: a fragment is used only for the version it was written from, and the version
 * is the xmin of the product, category and subcategory rows it was read from
 * (`listProductVersions`). A committed row version is never changed in place; any update,
 * whoever makes it (this server, another one, psql), writes a new version with the writing
 * transaction's id as its xmin, so a version names one content of those rows. That holds within
 * one database for as long as its server runs (`databaseIdentity`): every fragment read from
 * another database, or before a restart of PostgreSQL, is dropped.
 */
export interface Fragment {
  version: string;
  /** `sharedFields` as JSON without its closing brace: `{"id":…,"createdAt":"…"`. */
  json: Buffer;
  /** The product's badges as JSON when out of stock, and when in stock. */
  badgesAtZero: string;
  badgesInStock: string;
}

/** Where fragments are kept between two starts (product-list-store.ts). */
export interface FragmentKeeper {
  /** The fragments kept for `database`; none when there are none or they are of another. */
  loadFragments(database: string): Promise<Map<string, Fragment>>;
  /** Never throws. */
  saveFragments(database: string, fragments: readonly [string, Fragment][]): Promise<void>;
}

/** The rows a fragment is written from, with their version. */
export type VersionedSharedColumns = SharedColumns & { version: string };

export function fragmentOf(row: VersionedSharedColumns): Fragment {
  const json = JSON.stringify(sharedFields(row));
  return {
    version: row.version,
    json: Buffer.from(json.slice(0, -1)),
    badgesAtZero: JSON.stringify(badgesOf({ ...row.product, stock: 0 })),
    badgesInStock: JSON.stringify(badgesOf({ ...row.product, stock: 1 })),
  };
}

/**
 * Which database, and which run of its server, rows are read from: the database's oid and the
 * postmaster's start time. A restore of a physical backup needs PostgreSQL started again, after
 * which transaction ids may be given out again and a row version (xmin) no longer names one
 * content; another database or server has another oid or start time. Part of every list's
 * fingerprint, and the fragments of another are dropped.
 */
export const databaseIdentity = sql<string>`concat_ws('/',
  (select oid from pg_database where datname = current_database()),
  pg_postmaster_start_time())`;

/** Fewer missing fragments than this are read from the database rather than the store. */
const STORE_WORTH_ROWS = 500;

/** Fragments by product id, at most one version each, least recently used dropped first. */
export class ProductFragments {
  private readonly byId: LRUCache<string, Fragment>;
  private database: string | undefined;
  /** The store being read for `database`, and whether it was. */
  private loaded: Promise<void> | undefined;
  private storeRead = false;
  private saveTimer: NodeJS.Timeout | undefined;
  /** Fragments written since the store was last written. */
  private unsaved = 0;
  /** Fragments written from rows so far (none when every version was kept): for tests. */
  written = 0;

  constructor(
    maxBytes: number,
    private readonly store?: FragmentKeeper,
    /** Fewer missing fragments than this are read from the database rather than the store. */
    private readonly storeWorthRows = STORE_WORTH_ROWS,
  ) {
    this.byId = new LRUCache({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (fragment) => fragment.json.length + 100,
    });
  }

  /**
   * The fragment of each of `rows` (in order) for the database `database`: the kept one when its
   * version is the row's, else one written from `readRows` (called once, with the ids missing).
   */
  async fragmentsOf(
    database: string,
    rows: readonly { id: string; version: string }[],
    readRows: (ids: string[]) => Promise<VersionedSharedColumns[]>,
  ): Promise<Fragment[]> {
    this.forOnly(database);
    const keptOf = (row: { id: string; version: string }) => {
      const kept = this.byId.get(row.id);
      return kept?.version === row.version ? kept : undefined;
    };
    let fragments = rows.map(keptOf);
    let missing = rows.filter((_, i) => !fragments[i]).map((row) => row.id);
    // The store is read when it saves more than reading a few rows costs (after a restart,
    // before the first build of many products).
    if (missing.length > this.storeWorthRows && this.store && !this.storeRead) {
      await this.readStore(database);
      fragments = rows.map(keptOf);
      missing = rows.filter((_, i) => !fragments[i]).map((row) => row.id);
    }
    if (missing.length === 0) return fragments as Fragment[];
    const written = new Map<string, Fragment>();
    for (const row of await readRows(missing)) {
      const fragment = fragmentOf(row);
      this.written++;
      written.set(row.product.id, fragment);
      this.byId.set(row.product.id, fragment);
    }
    // The store is read only when more than `storeWorthRows` fragments are missing, so a few
    // written since it was last written cost the next start no more than reading their rows:
    // writing every fragment again (~8 MB for 10,000 products) for each price change is not
    // worth it. A server closing writes them whatever their number (`save`).
    this.unsaved += written.size;
    if (this.unsaved >= this.storeWorthRows) this.scheduleSave();
    return rows.map((row, i) => {
      const fragment = fragments[i] ?? written.get(row.id);
      // Read in the same snapshot as `rows`: a row listed there is found here, at that version.
      if (fragment?.version !== row.version) {
        throw new Error(`product ${row.id} changed between two reads of one snapshot`);
      }
      return fragment;
    });
  }

  /** Drops what was read from another database (or before its server restarted). */
  private forOnly(database: string) {
    if (this.database === database) return;
    this.byId.clear();
    this.database = database;
    this.loaded = undefined;
    this.storeRead = false;
  }

  private async readStore(database: string) {
    this.loaded ??= this.load(database);
    await this.loaded;
    if (this.database === database) this.storeRead = true;
  }

  private async load(database: string) {
    if (!this.store) return;
    const kept = await this.store.loadFragments(database);
    // Another database was seen meanwhile: these are of the one before.
    if (this.database !== database) return;
    for (const [id, fragment] of kept) if (!this.byId.has(id)) this.byId.set(id, fragment);
  }

  /** Writes the fragments to the store a little later, once for a burst of builds. */
  private scheduleSave() {
    if (!this.store || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      void this.save();
    }, 1000);
    this.saveTimer.unref();
  }

  /** Now rather than later (tests; a server closing). */
  async save() {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    const database = this.database;
    if (!this.store || !database || this.unsaved === 0) return;
    this.unsaved = 0;
    // What the store holds is kept: it is read first when it was not yet.
    if (!this.storeRead) await this.readStore(database);
    if (this.database !== database) return;
    await this.store.saveFragments(database, [...this.byId.entries()]);
  }
}
