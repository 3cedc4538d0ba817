import { sql, type SQL } from 'drizzle-orm';

/**
 * What the routing needs of an executor: generic, so this file does not depend on client.ts,
 * which builds the routing (`DatabaseHandle.reads`).
 */
interface Executes {
  execute(query: SQL): PromiseLike<unknown>;
}

/** A replica, and how to tell whether it is fit to read from. */
export interface Replica<Database> {
  db: Database;
  /** How far behind the primary it is; throws when it cannot be reached. */
  lagMs(): Promise<number>;
  maxLagMs: number;
}

/**
 * Where the reads that tolerate lag go (DESIGN.md §15: CSV exports, analytics, the audit list,
 * statements, the read-only reconciliation): the replica at DATABASE_READ_URL while it is up and
 * at most READ_MAX_LAG_MS behind, the primary otherwise. Chosen once per request (`reader`), so
 * the page and the count of one list come from one server. A read that must see the request's
 * own write never asks: it reads the primary (`db`), as everything else does.
 */
export class ReadRouting<Database extends object> {
  private decision: { replica: boolean; at: number } | undefined;
  private checking: Promise<boolean> | undefined;

  constructor(
    /** The primary: every write, and the reads that must see them. */
    readonly primary: Database,
    private readonly replica?: Replica<Database>,
    /**
     * How long one check holds: a replica's lag is read once a second per process, not once a
     * request, and a replica found down is left alone for as long.
     */
    private readonly checkEveryMs = 1000,
    private readonly now: () => number = Date.now,
  ) {
    if (replica) writers.set(replica.db, primary);
  }

  /** The executor for a read that tolerates lag: the replica when it is fit, else the primary. */
  async reader(): Promise<Database> {
    const { replica } = this;
    if (!replica) return this.primary;
    return (await this.replicaFit(replica)) ? replica.db : this.primary;
  }

  /** True while the replica is reachable and close enough behind; a check at most per period. */
  private async replicaFit(replica: Replica<Database>): Promise<boolean> {
    const { decision } = this;
    if (decision && this.now() - decision.at < this.checkEveryMs) return decision.replica;
    // Concurrent requests share one check.
    this.checking ??= this.check(replica).finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async check(replica: Replica<Database>): Promise<boolean> {
    const fit = await replica.lagMs().then(
      (lagMs) => lagMs <= replica.maxLagMs,
      () => false,
    );
    this.decision = { replica: fit, at: this.now() };
    return fit;
  }
}

/** Each replica executor's primary, for a read path that sometimes has to write (`writerFor`). */
const writers = new WeakMap<object, object>();

/**
 * The executor a read path writes through when it has to (the analytics rollup fills a day's
 * totals the first time they are read): the primary behind `db` when `db` is a replica, else `db`.
 */
export function writerFor<Database extends object>(db: Database): Database {
  return (writers.get(db) as Database | undefined) ?? db;
}

/**
 * How far a server is behind its primary, in milliseconds. A primary (or any server not in
 * recovery) is not behind. A standby streaming with everything it received replayed is not
 * behind either: `pg_last_xact_replay_timestamp()` alone would count the time since the primary's
 * last commit, so an idle primary would make a current standby look late. Otherwise the age of
 * the last transaction it replayed (a standby that lost its primary grows older each second).
 */
export async function replicationLagMs(db: Executes): Promise<number> {
  const result = (await db.execute(
    sql`select (case
          when not pg_is_in_recovery() then 0
          when exists (select 1 from pg_stat_wal_receiver)
            and pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
          else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000,
                        'infinity')
        end)::float8 as lag_ms`,
  )) as { rows: Array<{ lag_ms: number }> };
  return Number(result.rows[0]?.lag_ms ?? Infinity);
}
