import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { orderStatement } from '../apps/server/src/modules/orders/place-order';
import { profitMargins } from '../apps/server/src/modules/orders/profit';
import { loadProcessPids } from './load-process';
import { machineCpu, processCpuSeconds } from './server';
import type { OrdersSeed } from './seed';

/**
 * Where the time goes: what the database sessions are doing while the load runs, how busy the
 * CPUs are, EXPLAIN ANALYZE of each statement of the order transaction, and the invariants the
 * run must leave intact.
 */

export interface ActivitySample {
  /** Samples taken (one every `intervalMs`). */
  samples: number;
  /** Average number of this database's sessions in each state ("active · Lock:transactionid", ...). */
  averageSessions: Record<string, number>;
  /** Average number of active sessions of OTHER databases on the same server: noise. */
  otherDatabasesActive: number;
}

export interface WalUsage {
  /** WAL written while measured, the whole cluster's (the benchmark is alone on it). */
  bytes: number;
  /** Full-page images: a page's first change after a checkpoint is logged whole. */
  fullPageImages: number;
  /** Checkpoints started while measured (timed, or asked for by the WAL's size). */
  checkpoints: number;
  /**
   * WAL segment files the cluster gained while measured: segments created rather than recycled
   * (a checkpoint in the window also removes some, so read it with `checkpoints`). Until a
   * checkpoint recycles them, a backend that needs a new segment writes all 16 MB of it and syncs
   * it (`dd` of 16 MB with a sync: 40–70 ms on the runs of 2026-12-01 22:26 UTC), a suspect for a
   * slow window; those runs found 2–3 a round, and the slowest orders not lined up with them
   * (bench/results/orders.md).
   */
  segmentsAdded: number;
}

/**
 * The WAL written and the checkpoints started between the call and `stop()`: a checkpoint
 * makes the next change of every page write the page whole, which more than doubles the WAL an
 * order writes for a while, a cause a window's rate can dip for.
 */
export async function measureWal(pool: pg.Pool): Promise<() => Promise<WalUsage>> {
  const read = async () => {
    const { rows } = await pool.query<{
      bytes: string;
      fpi: string;
      checkpoints: string;
      segments: string;
    }>(
      `select w.wal_bytes::text as bytes, w.wal_fpi::text as fpi,
              (b.checkpoints_timed + b.checkpoints_req)::text as checkpoints,
              (select count(*) from pg_ls_waldir() where name ~ '^[0-9A-F]{24}$')::text as segments
       from pg_stat_wal w, pg_stat_bgwriter b`,
    );
    const row = rows[0]!;
    return {
      bytes: Number(row.bytes),
      fullPageImages: Number(row.fpi),
      checkpoints: Number(row.checkpoints),
      segments: Number(row.segments),
    };
  };
  const before = await read();
  return async () => {
    const after = await read();
    return {
      bytes: after.bytes - before.bytes,
      fullPageImages: after.fullPageImages - before.fullPageImages,
      checkpoints: after.checkpoints - before.checkpoints,
      segmentsAdded: after.segments - before.segments,
    };
  };
}

/** Samples pg_stat_activity until stopped. */
export function sampleActivity(pool: pg.Pool, database: string, intervalMs = 50) {
  const counts = new Map<string, number>();
  let others = 0;
  let samples = 0;
  let running = true;
  const loop = (async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- changed by other code while the loop awaits
    while (running) {
      const { rows } = await pool
        .query<{ own: boolean; what: string }>(
          `select datname = $1 as own,
                  state || coalesce(' · ' || wait_event_type || ':' || wait_event, ' · on CPU') as what
           from pg_stat_activity
           where backend_type = 'client backend' and pid <> pg_backend_pid()
             and (datname = $1 or state <> 'idle')`,
          [database],
        )
        .catch(() => ({ rows: [] }));
      samples += 1;
      for (const { own, what } of rows) {
        if (own) counts.set(what, (counts.get(what) ?? 0) + 1);
        else others += 1;
      }
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  const average = (n: number) => Math.round((n / Math.max(1, samples)) * 10) / 10;
  return async (): Promise<ActivitySample> => {
    running = false;
    await loop;
    const averageSessions = Object.fromEntries(
      [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([what, n]) => [what, average(n)]),
    );
    return { samples, averageSessions, otherDatabasesActive: average(others) };
  };
}

/**
 * Waits until no session of `database` is running a statement or holding a transaction: the
 * server finishes requests that were in flight when autocannon stopped.
 */
export async function waitUntilIdle(pool: pg.Pool, database: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await pool.query<{ busy: number }>(
      `select count(*)::int as busy from pg_stat_activity
       where datname = $1 and pid <> pg_backend_pid() and state <> 'idle'`,
      [database],
    );
    if (rows[0]!.busy === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface CpuUsage {
  /** Whole machine, percent of all CPUs. */
  machinePercent: number;
  /** 1-minute load average at the end (2 cores: above 2 means a queue for the CPUs). */
  loadAverage: number;
  /** Percent of one CPU, by process group, over the window. */
  server: number;
  postgres: number;
  /** autocannon (this process) or pgbench. */
  loadGenerator: number;
  /** Everything else on the machine (other sessions' tests, browsers...): noise. */
  other: number;
}

/** CPU seconds of every process now, by pid, from /proc. */
/**
 * The postmaster of the cluster being measured, when the machine runs others too (BENCH_PG_PORT):
 * then only its processes count as PostgreSQL's, not the backends of another cluster's clients.
 */
let measuredPostmaster: number | undefined;
export function countPostgresOf(postmasterPid: number) {
  measuredPostmaster = postmasterPid;
}

/** The parent of process `pid` (field 4 of /proc/pid/stat), or NaN once it is gone. */
export function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[1]);
  } catch {
    return Number.NaN;
  }
}

function processTimes(): Map<number, { name: string; seconds: number }> {
  const times = new Map<number, { name: string; seconds: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const seconds = processCpuSeconds(pid);
    if (!Number.isFinite(seconds)) continue;
    let name: string;
    try {
      name = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    times.set(pid, { name, seconds });
  }
  return times;
}

const ofMeasuredCluster = (pid: number) =>
  measuredPostmaster === undefined ||
  pid === measuredPostmaster ||
  parentOf(pid) === measuredPostmaster;

/** Starts measuring CPU use; the returned function stops and answers the figures. */
export function measureCpu(serverPid: number | undefined) {
  const start = machineCpu();
  const before = processTimes();
  const t0 = performance.now();
  return (): CpuUsage => {
    const end = machineCpu();
    const after = processTimes();
    const seconds = (performance.now() - t0) / 1000;
    const groups = { server: 0, postgres: 0, loadGenerator: 0, other: 0 };
    for (const [pid, { name, seconds: cpu }] of after) {
      const used = cpu - (before.get(pid)?.seconds ?? 0);
      if (pid === serverPid) groups.server += used;
      else if (pid === process.pid || loadProcessPids.has(pid) || name === 'pgbench')
        groups.loadGenerator += used;
      else if (name === 'postgres' && ofMeasuredCluster(pid)) groups.postgres += used;
      else groups.other += used;
    }
    const percent = (cpuSeconds: number) => Math.round((cpuSeconds / seconds) * 100);
    return {
      machinePercent: Math.round(((end.busy - start.busy) / (end.total - start.total)) * 100),
      loadAverage: Math.round(os.loadavg()[0]! * 100) / 100,
      server: percent(groups.server),
      postgres: percent(groups.postgres),
      loadGenerator: percent(groups.loadGenerator),
      other: percent(groups.other),
    };
  };
}

export interface Invariants {
  stock: number;
  unsoldKeys: number;
  orders: number;
  soldKeys: number;
  ordersWithoutKey: number;
  bucketsOffLedger: number;
  problems: string[];
}

/** The checks the test suite makes, on the benchmark's products and users. */
export async function checkInvariants(
  pool: pg.Pool,
  productIds: readonly string[],
): Promise<Invariants> {
  const { rows } = await pool.query<Record<string, string>>(
    `select
       (select sum(stock) from products where id = any($1::uuid[]))
         + (select coalesce(sum(delta), 0) from product_stock_changes where product_id = any($1::uuid[])) as stock,
       (select count(*) from product_keys where product_id = any($1::uuid[]) and order_id is null) as unsold_keys,
       (select count(*) from orders where product_id = any($1::uuid[])) as orders,
       (select count(*) from product_keys where product_id = any($1::uuid[]) and order_id is not null) as sold_keys,
       (select count(*) from orders o where o.product_id = any($1::uuid[])
          and not exists (select 1 from product_keys k where k.order_id = o.id)) as orders_without_key,
       (select count(*) from users u
          where u.balance_cents <> (select coalesce(sum(amount_cents), 0) from ledger_entries l
                                     where l.user_id = u.id and l.bucket = 'balance')
             or u.profit_cents <> (select coalesce(sum(amount_cents), 0) from ledger_entries l
                                     where l.user_id = u.id and l.bucket = 'profit')) as buckets_off_ledger`,
    [productIds],
  );
  const r = rows[0]!;
  const result: Invariants = {
    stock: Number(r.stock),
    unsoldKeys: Number(r.unsold_keys),
    orders: Number(r.orders),
    soldKeys: Number(r.sold_keys),
    ordersWithoutKey: Number(r.orders_without_key),
    bucketsOffLedger: Number(r.buckets_off_ledger),
    problems: [],
  };
  if (result.stock !== result.unsoldKeys)
    result.problems.push(`stock ${result.stock} ≠ unsold keys ${result.unsoldKeys}`);
  if (result.orders !== result.soldKeys)
    result.problems.push(`orders ${result.orders} ≠ sold keys ${result.soldKeys}`);
  if (result.ordersWithoutKey > 0)
    result.problems.push(`${result.ordersWithoutKey} orders without a key`);
  if (result.bucketsOffLedger > 0)
    result.problems.push(`${result.bucketsOffLedger} buckets differ from their ledger`);
  return result;
}

export interface ExplainedStatement {
  label: string;
  executionMs: number;
  planningMs: number;
  plan: string;
}

/**
 * The order statement the server sends for one key bought by `buyer`: from the manager's chain
 * (`chain`, the longer path: the manager's profit is credited too) or at the platform's price.
 */
export function orderStatementOf(
  seed: OrdersSeed,
  buyer: string,
  orderId: string,
  chain = true,
): [string, unknown[]] {
  const price = BigInt(chain ? seed.chainPriceCents : seed.resellerPriceCents);
  const priceChain = [
    { userId: buyer, costCents: String(price) },
    ...(chain ? [{ userId: seed.managerId, costCents: String(seed.managerPriceCents) }] : []),
  ];
  const order = {
    id: orderId,
    buyerId: buyer,
    sellerId: chain ? seed.managerId : null,
    productId: seed.productId,
    productName: seed.productName,
    categoryId: seed.categoryId,
    quantity: 1,
    deliveryType: 'instant' as const,
    unitPriceCents: price,
    initialPriceCents: null,
    totalCents: price,
    status: 'completed' as const,
    notes: null,
    priceChain,
  };
  const query = new PgDialect().sqlToQuery(
    orderStatement({
      order,
      refs: { buyer: { id: buyer, username: 'buyer' }, seller: null, category: null },
      claim: 1,
      debit: { kind: 'purchase', actorId: buyer, orderId },
      margins: profitMargins(order),
      audit: {
        actorId: buyer,
        action: 'order.placed',
        targetType: 'order',
        targetId: orderId,
        after: { productId: seed.productId, quantity: 1, totalCents: price, status: 'completed' },
      },
      idempotency: null,
      // The benchmark's stock stays far above any threshold: the server's statement carries no
      // low-stock check for these sales either.
      lowStockThreshold: null,
      // No buyer of the benchmark has an endpoint (but the webhook scenario's, which is HTTP):
      // the server plans their orders without events, and so does this.
      events: false,
    }),
  );
  return [query.sql, query.params];
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement POST /api/orders sends for a reseller under a
 * manager (the longer path), in the service's order and inside one transaction that is rolled
 * back. The reads are written from the repositories orders.service.ts calls; the write is the
 * server's own `orderStatement` (without the idempotency record, sent only with an
 * Idempotency-Key). One statement per round trip.
 */
export async function explainOrderTransaction(
  pool: pg.Pool,
  seed: OrdersSeed,
): Promise<ExplainedStatement[]> {
  const client = await pool.connect();
  const explained: ExplainedStatement[] = [];
  try {
    const { rows } = await client.query<{ id: string; session_id: string | null }>(
      `select u.id, (select s.id from sessions s where s.user_id = u.id limit 1) as session_id
       from users u where u.username = $1`,
      [seed.chainResellers[0]],
    );
    const buyer = rows[0]!.id;
    const session = rows[0]!.session_id ?? '00000000-0000-0000-0000-000000000000';
    const order = '11111111-1111-4111-8111-111111111111';
    const steps: [string, string, unknown[]][] = [
      // The three reads are batched by the server (`batchedLookup`): one query answers every
      // request of an event-loop turn. Explained here for one key each, as at low load.
      [
        'session check (session-gate.ts, batched)',
        `select s.id, s.user_id, u.role, u.status, u.ban_reason, u.totp_enabled_at, s.revoked_at
         from sessions s inner join users u on u.id = s.user_id
         where s.id = any($1::uuid[])`,
        [[session]],
      ],
      [
        'findLiveProduct (with its category and pending stock, batched)',
        `select p.*, (p.stock + coalesce((select sum(c.delta) from product_stock_changes c
                                          where c.product_id = p.id), 0))::int as stock,
                cat.id, cat.name_en, cat.name_fr, cat.name_ar
         from products p left join categories cat on cat.id = p.category_id
         where p.id = any($1::uuid[]) and p.deleted_at is null`,
        [[seed.productId]],
      ],
      [
        'ancestorsOf (recursive, batched)',
        `with recursive up as (
           select id as root, id, username, role, invited_by_id, package_id, manager_package_id, 0 as depth
           from users where id = any($1::uuid[])
           union all
           select up.root, u.id, u.username, u.role, u.invited_by_id, u.package_id, u.manager_package_id, up.depth + 1
           from users u join up on u.id = up.invited_by_id where up.depth < 64)
         select root, id, username, role, invited_by_id, package_id, manager_package_id from up
         order by root, depth`,
        [[buyer]],
      ],
      [
        'sellerPricesOf (the sellers)',
        `select seller_id, product_id, price_cents from seller_prices
         where seller_id in ($1) and product_id in ($2)`,
        [seed.managerId, seed.productId],
      ],
      // The server's own statement, rendered by Drizzle as the server sends it.
      [
        'placeOrder (everything an order writes, one statement)',
        ...orderStatementOf(seed, buyer, order),
      ],
    ];
    await client.query('begin');
    for (const [label, statement, params] of steps) {
      const { rows: planRows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${statement}`,
        params,
      );
      const plan = planRows.map((r) => r['QUERY PLAN']).join('\n');
      explained.push({
        label,
        executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1]),
        planningMs: Number(/Planning Time: ([\d.]+)/.exec(plan)?.[1]),
        plan,
      });
    }
  } finally {
    await client.query('rollback').catch(() => {});
    client.release();
  }
  return explained;
}
