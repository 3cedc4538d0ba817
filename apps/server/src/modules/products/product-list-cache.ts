import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import type { Product, ProductListQuery } from '@keymarket/contracts/catalogue';
import type { Role } from '@keymarket/contracts/users';
import { rowsOf, type Executor } from '../../db/client';
import { deflatePiece, gzipOfPieces, type DeflatedPiece } from '../../lib/gzip-pieces';
import { chainKeyFields, pricedTables } from '../pricing/pricing-inputs';
import type { PricingChain } from '../pricing/pricing.service';
import { badgesOf } from './product-view';

// Level 1: a whole list is gzipped again whenever its stock changed (every sale), so the time
// matters more than the last bytes: 6.1 MB of JSON took ~57 ms at level 1 against ~460 ms at
// the default 6, for 1.08 MB instead of 0.88 MB (measured on the shared 2-core machine, loaded).
const GZIP_LEVEL = 1;
const gunzipAsync = promisify(gunzip);

/**
 * Whole-catalogue product lists, priced once and served again while nothing they were priced
 * from has changed, with the current stock spliced in for each answer.
 *
 * The shop loads every product at once (up to 10,000, priced through the buyer's whole chain of
 * sellers); building that answer costs hundreds of milliseconds of CPU. Sales change only the
 * stock, and they come many a second, so an entry is the list without its stock: each product's
 * JSON up to its stock-dependent fields (`badges` and `stockQuantity`, written last), kept as
 * bytes. An answer reads the stock of every product (one small query, with the fingerprint, in
 * one statement so both are of one moment), writes those fields between the kept bytes and
 * compresses again the pieces of it whose stock changed (renderList). The last answer is kept too,
 * and served again while the stock is unchanged.
 *
 * An entry is valid for as long as the list's fingerprint is unchanged (`listFingerprint`): the
 * catalogue's version row (bumped by a trigger on any change of a product other than its stock,
 * in the writer's transaction) and the row versions (xmin) of the categories and the chain's
 * pricing rows, so any change to them, whichever process or tool made it, is seen. An entry is
 * built from one snapshot (fingerprint and rows read in the same repeatable-read transaction), so
 * it is always a list that was true at some moment, never a mix.
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
  tail: string;
}

/** The current stock of every product, as the database answers it: JSON `{id: quantity}`. */
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
  /** The compressed pieces of the last answer (renderList). */
  pieces?: Piece[];
  /** The answer for those who came while another was being rendered. */
  next?: Promise<RenderedList | undefined>;
}

/** What `build` answers: a list of one snapshot, with the stock of that snapshot. */
export interface BuiltList {
  key: string;
  fingerprint: string;
  list: PricedList;
  stock: Map<string, number>;
}

/** Priced lists by key, least recently used dropped first past a budget in bytes. */
export class ProductListCache {
  private readonly entries: LRUCache<string, Entry> | undefined;
  private readonly building = new Map<string, Promise<BuiltList>>();

  /** `maxBytes` 0 turns caching off (every list is built afresh). */
  constructor(maxBytes: number) {
    // A list bigger than the whole budget is not kept (lru-cache's maxEntrySize is maxSize).
    this.entries =
      maxBytes > 0
        ? new LRUCache({
            maxSize: maxBytes,
            // The kept bytes (the last gzip answer adds about a sixth of them).
            sizeCalculation: (entry) => Math.max(1, entry.list.fixed.length),
          })
        : undefined;
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
    this.entries?.set(key, { fingerprint, list });
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
    const now = await state();
    const entry = this.entries?.get(key);
    if (entry?.fingerprint === now.fingerprint) {
      const rendered = await this.rendered(key, entry, now, state);
      if (rendered) return rendered;
      return this.answer(key, state, build);
    }
    const built = await this.built(`${key}\n${now.fingerprint}`, build);
    this.entries?.set(built.key, { fingerprint: built.fingerprint, list: built.list });
    const fresh = this.entries?.get(built.key);
    if (fresh && built.key === key && built.fingerprint === now.fingerprint) {
      const rendered = await this.rendered(key, fresh, now, state);
      if (rendered) return rendered;
    }
    // The list changed while it was built: answer the build's own snapshot.
    const etag = etagOf(built.key, built.fingerprint, stockTag(built.stock));
    return (await renderList(etag, built.list, (id) => built.stock.get(id))).rendered;
  }

  private built(buildKey: string, build: () => Promise<BuiltList>) {
    let under = this.building.get(buildKey);
    if (!under) {
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
        const later = await state();
        if (later.fingerprint !== entry.fingerprint) return undefined;
        return this.rendered(key, entry, later, state);
      });
    return entry.next;
  }

  private render(key: string, entry: Entry, stock: string) {
    const quantities = JSON.parse(stock) as Record<string, number> | null;
    const done = renderList(
      etagOf(key, entry.fingerprint, stock),
      entry.list,
      (id) => quantities?.[id],
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
      },
      () => {
        if (entry.rendering === rendering) entry.rendering = undefined;
      },
    );
    return done;
  }
}

const etagOf = (key: string, fingerprint: string, stock: string) =>
  `"${createHash('sha256').update(`${key}\n${fingerprint}\n${stock}`).digest('base64url').slice(0, 32)}"`;

const stockTag = (stock: Map<string, number>) => JSON.stringify([...stock]);

/**
 * `page` (a page of products as `list` answers it) without the stock: each product's JSON with
 * `badges` and `stockQuantity` moved last and left out, and its badges both ways.
 */
export function pricedList(page: { data: Product[]; pagination: unknown }): PricedList {
  const pieces: string[] = [];
  const offsets = new Uint32Array(page.data.length + 1);
  const ids: string[] = [];
  const badgesAtZero: string[] = [];
  const badgesInStock: string[] = [];
  let offset = 0;
  page.data.forEach((product, i) => {
    const { badges: _badges, stockQuantity: _stock, ...fixed } = product;
    const json = JSON.stringify(fixed);
    const piece = `${i ? ',' : ''}${json.slice(0, -1)},"badges":`;
    pieces.push(piece);
    offsets[i] = offset;
    offset += Buffer.byteLength(piece);
    ids.push(product.id);
    badgesAtZero.push(JSON.stringify(badgesOf({ ...product, stock: 0 })));
    badgesInStock.push(JSON.stringify(badgesOf({ ...product, stock: 1 })));
  });
  offsets[page.data.length] = offset;
  const { data: _data, ...rest } = page;
  return {
    head: '{"data":[',
    fixed: Buffer.from(pieces.join('')),
    offsets,
    ids,
    badgesAtZero,
    badgesInStock,
    tail: `],${JSON.stringify(rest).slice(1)}`,
  };
}

/** Products per piece of the gzip answer: about 33 KB of JSON, the deflate window. */
const PRODUCTS_PER_PIECE = 50;

/** A piece of an answer, and the stock fields it was written with. */
interface Piece {
  stock: string;
  piece: DeflatedPiece;
}

/**
 * The gzip answer of `list` with each product's stock from `stockOf` (0 for one it does not
 * know). The products are compressed in pieces of PRODUCTS_PER_PIECE (gzip-pieces.ts); a piece
 * of `previous` whose products have the same stock fields is taken as it is, so after a few sales
 * only the pieces holding the products sold are compressed again.
 */
export async function renderList(
  etag: string,
  list: PricedList,
  stockOf: (id: string) => number | undefined,
  previous: readonly Piece[] = [],
): Promise<{ rendered: RenderedList; pieces: Piece[] }> {
  const n = list.ids.length;
  const stockFields = list.ids.map((id, i) => {
    const stock = stockOf(id) ?? 0;
    const badges = stock === 0 ? list.badgesAtZero[i] : list.badgesInStock[i];
    return `${badges},"stockQuantity":${stock}}`;
  });
  const pieces = await Promise.all(
    Array.from({ length: Math.ceil(n / PRODUCTS_PER_PIECE) }, async (_, p) => {
      const from = p * PRODUCTS_PER_PIECE;
      const to = Math.min(n, from + PRODUCTS_PER_PIECE);
      const stock = stockFields.slice(from, to).join('');
      const before = previous[p];
      if (before?.stock === stock) return before;
      return { stock, piece: await deflatePiece(splice(list, stockFields, from, to), GZIP_LEVEL) };
    }),
  );
  const [head, tail] = await Promise.all([
    deflatePiece(Buffer.from(list.head), GZIP_LEVEL),
    deflatePiece(Buffer.from(list.tail), GZIP_LEVEL),
  ]);
  const gzip = gzipOfPieces([head, ...pieces.map((p) => p.piece), tail]);
  return { rendered: { etag, gzip }, pieces };
}

/** Products `from` to `to` of `list` as JSON, each with its stock fields (ASCII). */
function splice(list: PricedList, stockFields: readonly string[], from: number, to: number) {
  const fields = stockFields.slice(from, to);
  const size = (list.offsets[to] ?? 0) - (list.offsets[from] ?? 0) + fields.join('').length;
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

/** The fingerprint and every product's stock (counter plus pending changes), of one moment. */
export async function listState(db: Executor, chain: PricingChain | null): Promise<ListState> {
  const rows = await rowsOf<ListState>(
    db,
    sql`select ${fingerprintColumn(chain)} as fingerprint, (
      select coalesce(json_object_agg(p.id, p.stock + coalesce(c.delta, 0)), '{}')::text
      from products p
      left join (select product_id, sum(delta) as delta from product_stock_changes
                 group by product_id) c on c.product_id = p.id
    ) as stock`,
  );
  return rows[0] ?? { fingerprint: '', stock: '{}' };
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
