import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import type { ProductListQuery } from '@keymarket/contracts/catalogue';
import type { Role } from '@keymarket/contracts/users';
import { rowsOf, type Executor } from '../../db/client';
import { deflatePiece, gzipOfPieces, type DeflatedPiece } from '../../lib/gzip-pieces';
import { chainKeyFields, pricedTables } from '../pricing/pricing-inputs';
import type { PricingChain } from '../pricing/pricing.service';
import {
  databaseIdentity,
  ProductFragments,
  type Fragment,
  type FragmentKeeper,
} from './product-fragments';

// Level 1: a piece is compressed again whenever a product in it sold, so the time matters more
// than the last bytes: 6.1 MB of JSON took ~57 ms at level 1 against ~460 ms at the default 6,
// for 1.08 MB instead of 0.88 MB (measured on the shared 2-core machine, loaded).
const GZIP_LEVEL = 1;
const gunzipAsync = promisify(gunzip);

/**
 * Whole-catalogue product lists, priced once and served again while nothing they were priced
 * from has changed, with the current stock written in for each answer.
 *
 * The shop loads every product at once (up to 10,000, priced through the buyer's whole chain of
 * sellers). Sales change only the stock, and they come many a second, so an entry is the list
 * without its stock: each product's JSON up to its stock-dependent fields (`badges` and
 * `stockQuantity`, written last), kept as bytes. An answer reads the stock of every product (one
 * small query, with the fingerprint, in one statement so both are of one moment), writes those
 * fields between the kept bytes and compresses again only the pieces of it whose stock changed
 * (renderList). The last answer is kept too, and served again while the stock is unchanged.
 *
 * An entry is valid for as long as the list's fingerprint is unchanged (`listFingerprint`): the
 * catalogue's version row (bumped by a trigger on any change of a product other than its stock,
 * in the writer's transaction) and the row versions (xmin) of the categories and the chain's
 * pricing rows, so any change to them, whichever process or tool made it, is seen. An entry is
 * built from one snapshot (fingerprint and rows read in the same repeatable-read transaction), so
 * it is always a list that was true at some moment, never a mix.
 *
 * Building one is cheap once any list was built (`ProductsService.pricedListOf`): the part
 * of each product's JSON that is the same for everyone is kept per product and row version
 * (product-fragments.ts), so a build prices the products afresh and joins kept bytes; and the
 * compressed pieces of the entry it replaces are taken again wherever their bytes are the same,
 * so after one product's price changed, one piece is compressed again.
 */
export interface RenderedList {
  /** Strong validator for If-None-Match: the key, fingerprint and stock it was built for. */
  etag: string;
  gzip: Buffer;
}

/** A list without its stock: product i is `fixed[offsets[i]..offsets[i+1]]`, then its stock. */
export interface PricedList {
  head: string;
  fixed: Buffer;
  offsets: Uint32Array;
  ids: string[];
  /** The badges JSON of each product when out of stock, and when not. */
  badgesAtZero: string[];
  badgesInStock: string[];
  /** Where each product's stock is in a stock read (`readStock`); -1 for none (stock 0). */
  stockSlots: Int32Array;
  /** How many figures a stock read holds for this list: every product's, deleted ones too. */
  stockCount: number;
  tail: string;
}

/**
 * Every product's stock (counter plus pending changes), as the database answers it: the figures
 * in the order of the products' ids, separated by commas. Small (~40 KB for 10,000 products) and
 * read without JSON: a list knows where its products are in it (`PricedList.stockSlots`).
 */
export interface ListState {
  fingerprint: string;
  stock: string;
}

interface Entry {
  fingerprint: string;
  list: PricedList;
  /** The last answer and the stock it was rendered with. */
  last?: { stock: string; rendered: RenderedList };
  /** An answer being rendered, and the stock it was read with. */
  rendering?: { stock: string; done: Promise<RenderedList> };
  /** The compressed pieces of the last answer, and the list they are of (renderList). */
  pieces?: RenderedPieces;
  /** The answer for those who came while another was being rendered. */
  next?: Promise<RenderedList | undefined>;
  /** The list last handed to the store (`ListKeeper`), so each list is written once. */
  kept?: PricedList;
}

/**
 * A list as the store keeps it between two starts (product-list-store.ts): its kept bytes, the
 * compressed pieces of its last answer, and the fingerprint it was built for.
 */
export interface KeptList {
  fingerprint: string;
  list: PricedList;
  pieces: Piece[];
}

/** Where lists are kept between two starts. */
export interface ListKeeper {
  loadList(key: string): Promise<KeptList | undefined>;
  /** Never throws. */
  saveList(key: string, kept: KeptList): Promise<void>;
}

/** A read of a list's state under way, and the one those who came meanwhile share. */
interface StateRead {
  done: Promise<ListState>;
  next?: Promise<ListState>;
}

/** What `build` answers: a list of one snapshot, with the stock of that snapshot. */
export interface BuiltList {
  key: string;
  fingerprint: string;
  list: PricedList;
  stock: string;
}

/** Priced lists by key, least recently used dropped first past a budget in bytes. */
export class ProductListCache {
  private readonly entries: LRUCache<string, Entry> | undefined;
  private readonly building = new Map<string, Promise<BuiltList>>();
  private readonly reading = new Map<string, StateRead>();
  /** The products' shared JSON, kept across lists and builds (a quarter of the budget). */
  readonly fragments: ProductFragments;

  private readonly store: ListKeeper | undefined;
  /** Keys whose kept list was looked for on disk (once per key), or is being read. */
  private readonly looked = new LRUCache<string, Promise<void>>({ max: 10_000 });
  private readonly saveTimers = new Map<string, NodeJS.Timeout>();
  /** Lists built so far: for tests. */
  builds = 0;

  /**
   * `maxBytes` 0 turns caching off (every list is built afresh). `store` keeps the fragments and
   * the lists served on disk for the next start.
   */
  constructor(maxBytes: number, store?: FragmentKeeper & ListKeeper) {
    // A list bigger than the lists' share of the budget is not kept (lru-cache's maxEntrySize
    // is maxSize).
    this.entries =
      maxBytes > 0
        ? new LRUCache({
            maxSize: Math.max(1, Math.floor(maxBytes * 0.75)),
            // The kept bytes (the last gzip answer adds about a fifth of them).
            sizeCalculation: (entry) => Math.max(1, entry.list.fixed.length),
          })
        : undefined;
    this.fragments = new ProductFragments(
      Math.floor(maxBytes / 4),
      maxBytes > 0 ? store : undefined,
    );
    this.store = maxBytes > 0 ? store : undefined;
  }

  get enabled() {
    return this.entries !== undefined;
  }

  /** The entry for `key`, if it was built for `fingerprint`. */
  get(key: string, fingerprint: string): PricedList | undefined {
    const entry = this.entries?.get(key);
    return entry?.fingerprint === fingerprint ? entry.list : undefined;
  }

  set(key: string, fingerprint: string, list: PricedList) {
    // The pieces of the list it replaces are compared with the new list's when it is rendered.
    const pieces = this.entries?.get(key)?.pieces;
    this.entries?.set(key, { fingerprint, list, pieces });
  }

  /**
   * The answer for `key`: `state` reads the fingerprint and the stock now, `build` builds the
   * list afresh from one snapshot. Requests for one key that come together share one build, and
   * share one rendering when the stock they read is the same; those that come while one is
   * being rendered share the next, which reads the stock again once it starts.
   */
  async answer(
    key: string,
    state: () => Promise<ListState>,
    build: () => Promise<BuiltList>,
  ): Promise<RenderedList> {
    if (this.store && !this.entries?.has(key)) await this.lookOnDisk(key, this.store);
    const now = await this.stateOf(key, state);
    const entry = this.entries?.get(key);
    if (entry && fits(entry, now)) {
      const rendered = await this.rendered(key, entry, now, state);
      if (rendered) return rendered;
      return this.answer(key, state, build);
    }
    const built = await this.built(`${key}\n${now.fingerprint}`, build);
    if (this.entries?.get(built.key)?.fingerprint !== built.fingerprint) {
      this.set(built.key, built.fingerprint, built.list);
    }
    const fresh = this.entries?.get(built.key);
    if (fresh && built.key === key && fits(fresh, now)) {
      const rendered = await this.rendered(key, fresh, now, state);
      if (rendered) return rendered;
    }
    // The list changed while it was built: answer the build's own snapshot.
    const etag = etagOf(built.key, built.fingerprint, built.stock);
    return (await renderList(etag, built.list, readStock(built.stock))).rendered;
  }

  /**
   * `state()` for a request of `key` that comes now, one read at a time per key: a read under
   * way began before this request and may miss a sale it follows, so the request waits for it to
   * end and shares the next with every request that came meanwhile. Under four clients reading
   * one list while orders come, that is one stock read at a time instead of four.
   */
  private stateOf(key: string, state: () => Promise<ListState>): Promise<ListState> {
    const reading = this.reading.get(key);
    if (!reading) return this.read(key, state);
    reading.next ??= reading.done.then(
      () => this.read(key, state),
      () => this.read(key, state),
    );
    return reading.next;
  }

  private read(key: string, state: () => Promise<ListState>) {
    const reading: StateRead = {
      done: state().finally(() => {
        if (this.reading.get(key) === reading) this.reading.delete(key);
      }),
    };
    this.reading.set(key, reading);
    return reading.done;
  }

  /**
   * The list the store kept for `key` (the last one served before a restart), as the entry for
   * the fingerprint it was built for: served again if that is the database's now, and its pieces
   * taken again where they fit if the list must be built afresh. Looked for once per key.
   */
  private lookOnDisk(key: string, store: ListKeeper) {
    let looking = this.looked.get(key);
    if (!looking) {
      looking = store.loadList(key).then((kept) => {
        if (!kept || this.entries?.has(key)) return;
        const { fingerprint, list, pieces } = kept;
        this.entries?.set(key, { fingerprint, list, pieces: { list, pieces }, kept: list });
      });
      this.looked.set(key, looking);
    }
    return looking;
  }

  /** Hands `entry`'s list and its last pieces to the store, a little later and once per list. */
  private keep(key: string, entry: Entry) {
    if (!this.store || entry.kept === entry.list || this.saveTimers.has(key)) return;
    const timer = setTimeout(() => void this.save(key, entry), KEEP_AFTER_MS);
    timer.unref();
    this.saveTimers.set(key, timer);
  }

  private async save(key: string, entry: Entry) {
    clearTimeout(this.saveTimers.get(key));
    this.saveTimers.delete(key);
    const { fingerprint, list, pieces } = entry;
    if (!this.store || pieces?.list !== list || entry.kept === list) return;
    if (this.entries?.peek(key) !== entry) return;
    entry.kept = list;
    await this.store.saveList(key, { fingerprint, list, pieces: pieces.pieces });
  }

  /** Writes to the store now what it would write a little later (a server closing; tests). */
  async flush() {
    const waiting = [...this.saveTimers.keys()].flatMap((key) => {
      const entry = this.entries?.peek(key);
      return entry ? [this.save(key, entry)] : [];
    });
    await Promise.all([...waiting, this.fragments.save()]);
  }

  private built(buildKey: string, build: () => Promise<BuiltList>) {
    let under = this.building.get(buildKey);
    if (!under) {
      this.builds++;
      under = build().finally(() => this.building.delete(buildKey));
      this.building.set(buildKey, under);
    }
    return under;
  }

  /** Undefined when the fingerprint changed before the stock could be read again. */
  private rendered(
    key: string,
    entry: Entry,
    now: ListState,
    state: () => Promise<ListState>,
  ): Promise<RenderedList | undefined> {
    if (entry.last?.stock === now.stock) return Promise.resolve(entry.last.rendered);
    if (entry.rendering?.stock === now.stock) return entry.rendering.done;
    if (!entry.rendering) return this.render(key, entry, now.stock);
    // A rendering is under way with an older stock: wait for it, then read the stock afresh
    // (after this request came, so a sale it follows is in it) and render once for all waiting.
    entry.next ??= entry.rendering.done
      .then(
        () => undefined,
        () => undefined,
      )
      .then(async () => {
        entry.next = undefined;
        const later = await this.stateOf(key, state);
        if (!fits(entry, later)) return undefined;
        return this.rendered(key, entry, later, state);
      });
    return entry.next;
  }

  private render(key: string, entry: Entry, stock: string) {
    const done = renderList(
      etagOf(key, entry.fingerprint, stock),
      entry.list,
      readStock(stock),
      entry.pieces,
    ).then(({ rendered, pieces }) => {
      entry.pieces = pieces;
      return rendered;
    });
    const rendering = { stock, done };
    entry.rendering = rendering;
    void done.then(
      (rendered) => {
        entry.last = { stock, rendered };
        if (entry.rendering === rendering) entry.rendering = undefined;
        this.keep(key, entry);
      },
      () => {
        if (entry.rendering === rendering) entry.rendering = undefined;
      },
    );
    return done;
  }
}

/** The entry is of this fingerprint, and the stock read holds a figure for each of its slots. */
const fits = (entry: Entry, now: ListState) =>
  entry.fingerprint === now.fingerprint && stockCountOf(now.stock) === entry.list.stockCount;

const etagOf = (key: string, fingerprint: string, stock: string) =>
  `"${createHash('sha256').update(`${key}\n${fingerprint}\n${stock}`).digest('base64url').slice(0, 32)}"`;

/** The figures of a stock read (`ListState.stock`). */
export function readStock(stock: string): Int32Array {
  const figures = new Int32Array(stockCountOf(stock));
  let value = 0;
  let negative = false;
  let at = 0;
  for (let i = 0; i < stock.length; i++) {
    const code = stock.charCodeAt(i);
    if (code === 44 /* , */) {
      figures[at++] = negative ? -value : value;
      value = 0;
      negative = false;
    } else if (code === 45 /* - */) negative = true;
    else value = value * 10 + (code - 48);
  }
  if (stock.length) figures[at] = negative ? -value : value;
  return figures;
}

function stockCountOf(stock: string): number {
  if (!stock) return 0;
  let count = 1;
  for (let i = stock.indexOf(','); i >= 0; i = stock.indexOf(',', i + 1)) count++;
  return count;
}

/** One product of a list as a build prices it. */
export interface ListedProduct {
  fragment: Fragment;
  id: string;
  /** Its priced fields as JSON members (`"price":1.5,"sellingPrice":2`), no braces. */
  prices: string;
  /** Where its stock is in a stock read; -1 for none. */
  stockSlot: number;
}

/**
 * A list of `products` without their stock: each product's shared JSON, then its prices, then
 * `"badges":` (the stock fields follow when it is rendered). `stockCount`: the figures in a
 * stock read of the same snapshot.
 */
export function pricedList(
  products: readonly ListedProduct[],
  pagination: unknown,
  stockCount: number,
): PricedList {
  const n = products.length;
  const offsets = new Uint32Array(n + 1);
  let size = 0;
  products.forEach((product, i) => {
    offsets[i] = size;
    // `,` before all but the first, `,` before the prices, `,"badges":` after them (ASCII).
    size += (i ? 1 : 0) + product.fragment.json.length + 1 + product.prices.length + 10;
  });
  offsets[n] = size;
  const fixed = Buffer.allocUnsafe(size);
  let at = 0;
  products.forEach((product, i) => {
    if (i) at += fixed.write(',', at, 'latin1');
    at += product.fragment.json.copy(fixed, at);
    at += fixed.write(`,${product.prices},"badges":`, at, 'latin1');
  });
  return {
    head: '{"data":[',
    fixed,
    offsets,
    ids: products.map((product) => product.id),
    badgesAtZero: products.map((product) => product.fragment.badgesAtZero),
    badgesInStock: products.map((product) => product.fragment.badgesInStock),
    stockSlots: Int32Array.from(products, (product) => product.stockSlot),
    stockCount,
    tail: `],${JSON.stringify({ pagination }).slice(1)}`,
  };
}

/** A priced object's members as JSON, without braces: `{"price":1}` → `"price":1`. */
export const jsonMembers = (fields: object) => JSON.stringify(fields).slice(1, -1);

/** Products per piece of the gzip answer: about 33 KB of JSON, the deflate window. */
export const PRODUCTS_PER_PIECE = 50;
/** A list is written to the store this long after its first answer (a burst of edits: once). */
const KEEP_AFTER_MS = 1000;
/** Pieces compressed between two turns of the event loop (~1-2 ms), so orders are not held up. */
const PIECES_PER_TURN = 8;

/** A piece of an answer: the bytes and stock it was written with, compressed. */
export interface Piece {
  fixed: Buffer;
  stock: Int32Array;
  piece: DeflatedPiece;
}

/** The pieces of an answer and the list they were cut from. */
export interface RenderedPieces {
  list: PricedList;
  pieces: Piece[];
}

/**
 * The gzip answer of `list` with each product's stock from `stock` (a stock read, by slot). The
 * products are compressed in pieces of PRODUCTS_PER_PIECE (gzip-pieces.ts); a piece of
 * `previous` is taken as it is when its products have the same stock and their kept bytes are
 * the same (the same list, or the bytes compared when the list was built again), so after a
 * few sales or one price change only the pieces holding those products are compressed again.
 */
export async function renderList(
  etag: string,
  list: PricedList,
  stock: Int32Array,
  previous?: RenderedPieces,
): Promise<{ rendered: RenderedList; pieces: RenderedPieces }> {
  const n = list.ids.length;
  const stockOf = (i: number) => {
    const slot = list.stockSlots[i] ?? -1;
    return slot >= 0 ? (stock[slot] ?? 0) : 0;
  };
  const sameList = previous?.list === list;
  const pieces: Piece[] = [];
  let compressed = 0;
  for (let p = 0, from = 0; from < n; p++, from += PRODUCTS_PER_PIECE) {
    const to = Math.min(n, from + PRODUCTS_PER_PIECE);
    const figures = new Int32Array(to - from);
    for (let i = from; i < to; i++) figures[i - from] = stockOf(i);
    const fixed = list.fixed.subarray(list.offsets[from], list.offsets[to]);
    const before = previous?.pieces[p];
    if (before && sameFigures(before.stock, figures) && (sameList || before.fixed.equals(fixed))) {
      pieces.push({ fixed, stock: figures, piece: before.piece });
      continue;
    }
    if (compressed > 0 && compressed % PIECES_PER_TURN === 0) await nextTurn();
    compressed++;
    pieces.push({
      fixed,
      stock: figures,
      piece: deflatePiece(splice(list, figures, from, to), GZIP_LEVEL),
    });
  }
  const gzip = gzipOfPieces([
    deflatePiece(Buffer.from(list.head), GZIP_LEVEL),
    ...pieces.map((p) => p.piece),
    deflatePiece(Buffer.from(list.tail), GZIP_LEVEL),
  ]);
  return { rendered: { etag, gzip }, pieces: { list, pieces } };
}

function sameFigures(a: Int32Array, b: Int32Array) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Products `from` to `to` of `list` as JSON, each with its stock fields (ASCII). */
function splice(list: PricedList, figures: Int32Array, from: number, to: number) {
  const fields = Array.from(figures, (stock, k) => {
    const badges = stock === 0 ? list.badgesAtZero[from + k] : list.badgesInStock[from + k];
    return `${badges},"stockQuantity":${stock}}`;
  });
  const size =
    (list.offsets[to] ?? 0) - (list.offsets[from] ?? 0) + fields.reduce((a, f) => a + f.length, 0);
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  fields.forEach((field, k) => {
    at += list.fixed.copy(out, at, list.offsets[from + k], list.offsets[from + k + 1]);
    at += out.write(field, at, 'latin1');
  });
  return out;
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

/**
 * What every product list is built from, whoever asks, other than the stock: the products (their
 * version row, product_catalogue_version, rather than a scan of every product) and the category
 * names. The stock is read apart for each answer (`listState`).
 */
const catalogueVersions = [
  // Row versions name one content only within one run of one database's server.
  databaseIdentity,
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
 * The products' primary key gives that order without a sort.
 */
const stockFigures = sql`(
  select coalesce(string_agg((p.stock + coalesce(c.delta, 0))::text, ',' order by p.id), '')
  from products p
  left join (select product_id, sum(delta) as delta from product_stock_changes
             group by product_id) c on c.product_id = p.id)`;

/** The fingerprint and every product's stock, of one moment (one statement). */
export async function listState(db: Executor, chain: PricingChain | null): Promise<ListState> {
  const rows = await rowsOf<ListState>(
    db,
    sql`select ${fingerprintColumn(chain)} as fingerprint, ${stockFigures} as stock`,
  );
  return rows[0] ?? { fingerprint: '', stock: '' };
}

/** What a build reads first, in its snapshot: `listState`, the ids in stock order, the database. */
export interface ListSnapshot extends ListState {
  /** Every product's id, in the order of a stock read, separated by commas. */
  ids: string;
  database: string;
}

export async function listSnapshot(
  db: Executor,
  chain: PricingChain | null,
): Promise<ListSnapshot> {
  const rows = await rowsOf<ListSnapshot>(
    db,
    sql`select ${fingerprintColumn(chain)} as fingerprint, ${stockFigures} as stock,
      (select coalesce(string_agg(id::text, ',' order by id), '') from products) as ids,
      ${databaseIdentity} as database`,
  );
  const [snapshot] = rows;
  if (!snapshot) throw new Error('a select without FROM answers one row');
  return snapshot;
}

/** Where each product id is in a stock read of the snapshot that read `ids`. */
export function stockSlotsOf(ids: string): Map<string, number> {
  const slots = new Map<string, number>();
  if (ids) ids.split(',').forEach((id, slot) => slots.set(id, slot));
  return slots;
}

function fingerprintColumn(chain: PricingChain | null): SQL {
  const prices = chain
    ? Object.entries(pricedTables).map(([table, rowsOf]) => {
        const { column, ids } = rowsOf(chain);
        return versionsOf(table, sql`where ${sql.identifier(column)} in ${idList(ids)}`);
      })
    : [];
  return sql`concat_ws('|', ${sql.join([...catalogueVersions, ...prices], sql`, `)})`;
}

/** `(id, …)` for an IN list; an empty list matches nothing (a nil UUID is never an id here). */
const idList = (ids: readonly string[]) =>
  sql`(${sql.join(
    (ids.length ? ids : ['00000000-0000-0000-0000-000000000000']).map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
