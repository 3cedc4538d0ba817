import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { databaseIdentity } from '../products/product-fragments';
import { stockSince, type StockSinceRow } from '../stock/stock';

/** What a read answers about the stock: `stockSince`'s columns and the database's identity. */
export type StockRead = StockSinceRow & { stockDatabase: string };

/**
 * Every product's stock, kept between two answers of the whole-catalogue lists and brought up
 * to date by each answer's read (`read`), which reads only the products whose stock may have
 * changed since the last one (stock/stock.ts `stockSince`: those with pending changes and those
 * whose counter was logged as changed since), not every product: an answer's stock read costs
 * what changed, whatever the size of the catalogue (bench/results/scale.md, "What grows faster than the data", item 4).
 *
 * One read at a time, in the order they were asked: a read applies the changes seen since the
 * read before it, so two at once could apply an older one last. Every product is read when there
 * was no read before, the database is another one (a restore, another PGlite), or the log no
 * longer reaches back to the last read. A product a list holds that was never read (added since
 * the last read) is asked for by id (`missingOf`).
 */
export class ListStock {
  private readonly figures = new Map<string, number>();
  /** The xmin of the last read's snapshot; null before the first read. */
  private since: string | null = null;
  private database: string | undefined;
  private last: Promise<unknown> = Promise.resolve();
  /** Bumped by every read that changed a figure (or read every product). */
  version = 0;
  /** Reads of every product, and of the changes only: for tests. */
  wholeReads = 0;
  changeReads = 0;

  /**
   * `columns` (a select list without FROM) read with the stock changed since the last read, and
   * `ids`' stock besides, in one statement (so of one moment), after the reads asked before.
   */
  read<T extends object>(db: Executor, columns: SQL, ids: readonly string[] = []): Promise<T> {
    const run = async (): Promise<T> => {
      // A read of every product holds `ids`' stock too.
      const row = await this.readOnce<T>(db, columns, this.since ? ids : [], this.since);
      if (row.stockDatabase === this.database || row.stockWhole) return this.take(row, ids);
      // Another database than the last read's: its changes say nothing of this one.
      this.database = undefined;
      return this.take(await this.readOnce<T>(db, columns, ids, null), ids);
    };
    const done = this.last.then(run, run);
    this.last = done.catch(() => undefined);
    return done;
  }

  private async readOnce<T>(
    db: Executor,
    columns: SQL,
    ids: readonly string[],
    since: string | null,
  ) {
    const [row] = await rowsOf<T & StockRead>(
      db,
      sql`select ${columns}, ${databaseIdentity} as "stockDatabase", ${stockSince(since, ids)}`,
    );
    if (!row) throw new Error('a select without FROM answers one row');
    return row;
  }

  /** Takes in what a read answered, `ids` being the products it was asked for by id. */
  take<T>(row: T & StockRead, ids: readonly string[]): T & StockRead {
    let changed = row.stockWhole;
    const set = (id: string, stock: number) => {
      if (this.figures.get(id) === stock) return;
      this.figures.set(id, stock);
      changed = true;
    };
    if (row.stockWhole) {
      this.figures.clear();
      this.wholeReads++;
    } else this.changeReads++;
    const pairs = row.stockPairs;
    const read = new Set<string>();
    for (let at = 0; at < pairs.length;) {
      const colon = pairs.indexOf(':', at);
      let end = pairs.indexOf(',', colon);
      if (end < 0) end = pairs.length;
      const id = pairs.slice(at, colon);
      read.add(id);
      set(id, Number(pairs.slice(colon + 1, end)));
      at = end + 1;
    }
    // A product asked for by id that the database does not hold (deleted) has no stock.
    for (const id of ids) if (!read.has(id)) set(id, 0);
    if (changed) this.version++;
    this.since = row.stockSince;
    this.database = row.stockDatabase;
    return row;
  }

  /** The ids among `ids` whose stock was never read. */
  missingOf(ids: readonly string[] | undefined): string[] {
    return ids ? ids.filter((id) => !this.figures.has(id)) : [];
  }

  /**
   * The stock of each of `ids`, in their order, as last read (0 for one never read); the same
   * array again while no read changed a figure.
   */
  figuresOf(ids: readonly string[]): Int32Array {
    const last = this.lastFigures.get(ids);
    if (last?.version === this.version) return last.figures;
    const figures = Int32Array.from(ids, (id) => this.figures.get(id) ?? 0);
    this.lastFigures.set(ids, { version: this.version, figures });
    return figures;
  }

  private readonly lastFigures = new WeakMap<
    readonly string[],
    { version: number; figures: Int32Array }
  >();
}
