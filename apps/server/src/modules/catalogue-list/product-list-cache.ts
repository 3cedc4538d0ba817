import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ProductListQuery } from '@keymarket/contracts/catalogue';
import type { Role } from '@keymarket/contracts/users';
import { chainKeyFields } from '../pricing/pricing-inputs';
import type { PricingChain } from '../pricing/pricing.service';
import { ProductFragments, type FragmentKeeper } from '../products/product-fragments';
import {
  renderList,
  type Piece,
  type PricedList,
  type RenderedList,
  type RenderedPieces,
} from './product-list-render';
import type { ListState } from './product-list-state';
import { ListStock } from './product-list-stock';

/**
 * Whole-catalogue product lists, priced once and served again while nothing they were priced
 * from has changed, with the current stock written in for each answer.
 *
 * The shop loads every product at once (up to 10,000, priced through the buyer's whole chain of
 * sellers). Sales change only the stock, and they come many a second, so the priced list and the
 * stock are kept apart: an entry is the list without its stock, each product's JSON up to its
 * stock-dependent fields (`badges` and `stockQuantity`, written last), kept as bytes; the stock
 * of every product is kept once for all lists (product-list-stock.ts). An answer reads the
 * fingerprint and the stock changed since the last answer (one statement, so both are of one
 * moment; what changed, not every product), writes the stock fields between the kept bytes and
 * compresses again only the pieces of it whose stock changed (product-list-render.ts). The last
 * answer is kept too, and served again while its products' stock is unchanged.
 *
 * An entry is valid for as long as the list's fingerprint is unchanged (product-list-state.ts):
 * the database's identity, the catalogue's version row (bumped by a trigger on any change of a
 * product other than its stock, in the writer's transaction) and the row versions (xmin) of the
 * categories and the chain's pricing rows, so any change to them, whichever process or tool made
 * it, is seen. An entry is built from one snapshot (fingerprint and rows read in the same
 * repeatable-read transaction), so it is always a list that was true at some moment, never a mix.
 *
 * Building one again is cheap (`ProductsService.pricedListOf`): it is handed the list it
 * replaces, whose products are taken as they are where their rows are the same versions and the
 * prices were read from the same rows, and the products' shared JSON kept across lists
 * (product-fragments.ts); the compressed pieces of the list it replaces are taken again wherever
 * their bytes are the same, so after one product's price changed, one piece is compressed again.
 * The lists served last and the shared JSON are kept on disk for the next start
 * (product-list-store.ts).
 */

interface Entry {
  fingerprint: string;
  list: PricedList;
  /** The last answer and the stock it was rendered with (`ListStockFigures.key`). */
  last?: { stock: string; rendered: RenderedList };
  /** An answer being rendered, and the stock it was rendered with. */
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

/** A list is written to the store this long after its first answer (a burst of edits: once). */
const KEEP_AFTER_MS = 1000;

/** The list a build replaces, if any: the entry's, with the fingerprint it was built for. */
export interface Replaced {
  fingerprint: string;
  list: PricedList;
}

/** What `build` answers: a list of one snapshot. */
export interface BuiltList {
  key: string;
  fingerprint: string;
  list: PricedList;
}

/** The stock a list is answered with: each product's (product i's at i), and a key of them. */
interface ListStockFigures {
  key: string;
  figures: Int32Array;
}

/** Reads a list's state now, with the stock of `ids` besides (products never read). */
export type StateReader = (ids: readonly string[]) => Promise<ListState>;

/** Priced lists by key, least recently used dropped first past a budget in bytes. */
export class ProductListCache {
  private readonly entries: LRUCache<string, Entry> | undefined;
  private readonly building = new Map<string, Promise<BuiltList>>();
  private readonly reading = new Map<string, StateRead>();
  /** The products' shared JSON, kept across lists and builds (a quarter of the budget). */
  readonly fragments: ProductFragments;
  /** Every product's stock, brought up to date by each answer's read. */
  readonly stock = new ListStock();

  private readonly store: ListKeeper | undefined;
  /** Keys whose kept list was looked for on disk (once per key), or is being read. */
  private readonly looked = new LRUCache<string, Promise<void>>({ max: 10_000 });
  private readonly saveTimers = new Map<string, NodeJS.Timeout>();
  /**
   * Lists built so far, the products written from their parts in them, and the builds that read
   * every product of their list (rather than those written since the list they replace): for
   * tests.
   */
  builds = 0;
  productsWritten = 0;
  wholeReads = 0;

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
   * share one rendering when their products' stock is the same; those that come while one is
   * being rendered share the next, which reads the stock again once it starts.
   */
  async answer(
    key: string,
    state: StateReader,
    build: (replaced: Replaced | undefined, fingerprint: string) => Promise<BuiltList>,
  ): Promise<RenderedList> {
    if (this.store && !this.entries?.has(key)) await this.lookOnDisk(key, this.store);
    const now = await this.stateOf(key, state);
    const entry = this.entries?.get(key);
    if (entry && entry.fingerprint === now.fingerprint) {
      const stock = await this.stockOf(key, entry.list, state);
      const rendered = await this.rendered(key, entry, stock, state);
      if (rendered) return rendered;
      return this.answer(key, state, build);
    }
    const built = await this.built(`${key}\n${now.fingerprint}`, () =>
      build(entry && { fingerprint: entry.fingerprint, list: entry.list }, now.fingerprint),
    );
    if (this.entries?.get(built.key)?.fingerprint !== built.fingerprint) {
      this.set(built.key, built.fingerprint, built.list);
    }
    const stock = await this.stockOf(key, built.list, state);
    const fresh = this.entries?.get(built.key);
    if (fresh && built.key === key && fresh.fingerprint === now.fingerprint) {
      const rendered = await this.rendered(key, fresh, stock, state);
      if (rendered) return rendered;
    }
    // The list changed while it was built: answer the build's own list, with the stock of now.
    const etag = etagOf(built.key, built.fingerprint, stock.key);
    return (await renderList(etag, built.list, stock.figures)).rendered;
  }

  /**
   * The stock of `list`'s products as last read; its products never read (added since the last
   * read) are read first, with the state of `key`.
   */
  private async stockOf(key: string, list: PricedList, state: StateReader) {
    if (this.stock.missingOf(list.ids).length > 0) await this.stateOf(key, state, list.ids);
    const figures = this.stock.figuresOf(list.ids);
    let keyed = keyedFigures.get(figures);
    if (!keyed) keyedFigures.set(figures, (keyed = figuresKey(figures)));
    return keyed;
  }

  /**
   * `state()` for a request of `key` that comes now, one read at a time per key: a read under
   * way began before this request and may miss a sale it follows, so the request waits for it to
   * end and shares the next with every request that came meanwhile. Under four clients reading
   * one list while orders come, that is one stock read at a time instead of four.
   */
  private stateOf(key: string, state: StateReader, ids?: readonly string[]): Promise<ListState> {
    const reading = this.reading.get(key);
    if (!reading) return this.read(key, state, ids);
    reading.next ??= reading.done.then(
      () => this.read(key, state, ids),
      () => this.read(key, state, ids),
    );
    return reading.next;
  }

  /** `state` with the products of `ids` (the entry's, by default) never read. */
  private read(key: string, state: StateReader, ids?: readonly string[]) {
    const missing = this.stock.missingOf(ids ?? this.entries?.peek(key)?.list.ids);
    const reading: StateRead = {
      done: state(missing).finally(() => {
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

  /**
   * Hands `key`'s list and its last pieces to the store a little later (the entry then current:
   * a burst of builds writes once), once per list.
   */
  private keep(key: string, entry: Entry) {
    if (!this.store || entry.kept === entry.list || this.saveTimers.has(key)) return;
    const timer = setTimeout(() => void this.save(key), KEEP_AFTER_MS);
    timer.unref();
    this.saveTimers.set(key, timer);
  }

  private async save(key: string) {
    clearTimeout(this.saveTimers.get(key));
    this.saveTimers.delete(key);
    const entry = this.entries?.peek(key);
    if (!this.store || !entry || entry.kept === entry.list) return;
    const { fingerprint, list, pieces } = entry;
    // Not rendered yet: its first answer keeps it.
    if (pieces?.list !== list) return;
    entry.kept = list;
    await this.store.saveList(key, { fingerprint, list, pieces: pieces.pieces });
  }

  /** Writes to the store now what it would write a little later (a server closing; tests). */
  async flush() {
    const waiting = [...this.saveTimers.keys()].map((key) => this.save(key));
    await Promise.all([...waiting, this.fragments.save()]);
  }

  private built(buildKey: string, build: () => Promise<BuiltList>) {
    let under = this.building.get(buildKey);
    if (!under) {
      this.builds++;
      under = build()
        .then((built) => {
          this.productsWritten += built.list.written;
          return built;
        })
        .finally(() => this.building.delete(buildKey));
      this.building.set(buildKey, under);
    }
    return under;
  }

  /** Undefined when the fingerprint changed before the stock could be read again. */
  private rendered(
    key: string,
    entry: Entry,
    stock: ListStockFigures,
    state: StateReader,
  ): Promise<RenderedList | undefined> {
    if (entry.last?.stock === stock.key) return Promise.resolve(entry.last.rendered);
    if (entry.rendering?.stock === stock.key) return entry.rendering.done;
    if (!entry.rendering) return this.render(key, entry, stock);
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
        if (later.fingerprint !== entry.fingerprint) return undefined;
        return this.rendered(key, entry, await this.stockOf(key, entry.list, state), state);
      });
    return entry.next;
  }

  private render(key: string, entry: Entry, { key: stock, figures }: ListStockFigures) {
    const done = renderList(
      etagOf(key, entry.fingerprint, stock),
      entry.list,
      figures,
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

/** The keys of the figures last asked for (`ListStock.figuresOf` answers the same array again). */
const keyedFigures = new WeakMap<Int32Array, ListStockFigures>();

/** `figures` with a key that tells them apart from other figures (a hash of their bytes). */
const figuresKey = (figures: Int32Array): ListStockFigures => ({
  key: createHash('sha256')
    .update(new Uint8Array(figures.buffer, figures.byteOffset, figures.byteLength))
    .digest('base64url'),
  figures,
});

const etagOf = (key: string, fingerprint: string, stock: string) =>
  `"${createHash('sha256').update(`${key}\n${fingerprint}\n${stock}`).digest('base64url').slice(0, 32)}"`;

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
