import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PG_HOST, PG_PORT, PG_USER } from './database';
import { orderStatementOf } from './diagnose';
import { percentile } from './report';
import { GROUP, type OrdersSeed } from './seed';

/**
 * The raw SQL of POST /api/orders, driven by pgbench: the ceiling the HTTP figures are compared
 * with. Same tables, same rows (the seeded product and resellers), the same one statement the
 * server writes an order with; no pricing reads, no session check, no response building, no
 * network hop through Node. A shortfall (out of stock, insufficient balance) fails the statement
 * through keymarket_refuse, as it does for the server.
 */

export interface PgbenchOptions {
  database: string;
  clients: number;
  threads: number;
  seconds: number;
  /** pgbench -M: `prepared` is the fastest protocol, i.e. the ceiling. */
  protocol: 'simple' | 'extended' | 'prepared';
}

export interface PgbenchResult {
  script: string;
  transactions: number;
  failed: number;
  /** Clients pgbench stopped because a statement failed (e.g. a RETURNING found no row). */
  abortedClients: number;
  tps: number;
  latencyAverageMs: number;
  medianMs: number;
  p99Ms: number;
  output: string;
}

/** The buyer as pgbench picks it: one of the seeded resellers, chosen at random per transaction. */
function buyerIdSql(group: number) {
  return `CAST('00000000-0000-4000-800${group}-' || lpad(CAST(:buyer AS text), 12, '0') AS uuid)`;
}

export interface ScriptOptions {
  /** The buyer is a manager's invitee: the manager's profit bucket is credited too (a second hot row). */
  chain: boolean;
  /**
   * How the sale is taken from the stock: `changes` as stock.ts does (a row
   * appended to product_stock_changes), `counter` as it did
   * before (the product's stock counter, one row every buyer updates), `none` not at all. The
   * last two are what-ifs for the diagnosis.
   */
  stock: 'changes' | 'counter' | 'none';
  /**
   * `shared`: every transaction buys the seeded product from a random buyer (the brief's run).
   * `per-client`: client n is reseller n+1 and buys its own product (seed's spread products), as
   * the HTTP "spread" what-if does: no row is shared between clients.
   */
  product?: 'shared' | 'per-client';
}

/** One order of one key, as one pgbench transaction. */
export function orderScript(seed: OrdersSeed, resellers: number, options: ScriptOptions): string {
  const { chain } = options;
  const group = chain ? GROUP.chainResellers : GROUP.platformResellers;
  const price = chain ? seed.chainPriceCents : seed.resellerPriceCents;
  const margin = seed.chainPriceCents - seed.managerPriceCents;
  const perClient = options.product === 'per-client';
  const product = perClient
    ? `CAST('00000000-0000-4000-800${GROUP.spreadProducts}-' || lpad(CAST(:buyer AS text), 12, '0') AS uuid)`
    : `'${seed.productId}'`;
  const manager = `'${seed.managerId}'`;
  const buyerLink = `jsonb_build_object('userId', CAST(:buyer_id AS text), 'costCents', '${price}')`;
  const managerLink = `jsonb_build_object('userId', ${manager}, 'costCents', '${seed.managerPriceCents}')`;
  const priceChain = `jsonb_build_array(${buyerLink}${chain ? `, ${managerLink}` : ''})`;
  const buyer = buyerIdSql(group);
  const orderId = '(SELECT order_id FROM made)';
  const audit =
    `INSERT INTO audit_log (actor_id, action, target_type, target_id, after) SELECT ${buyer}, 'order.placed', 'order', order_id, ` +
    `'{"productId":"' || CAST(${product} AS text) || '","quantity":1,"totalCents":"${price}","status":"completed"}' FROM made`;
  // The stock change, as stock.ts writes it (`stockTakenByOrder`), or the what-ifs.
  const taken = {
    changes: `INSERT INTO product_stock_changes (product_id, delta) VALUES (${product}, -1) RETURNING product_id`,
    counter: `UPDATE products SET stock = stock - 1 WHERE id = ${product} AND stock >= 1 RETURNING id AS product_id`,
    none: `SELECT ${product} AS product_id`,
  }[options.stock];

  // One statement, as the server wrote an order before `place_order` (a what-if now). The
  // server makes the order's id itself; here the statement does.
  const ctes = [
    `made AS (SELECT gen_random_uuid() AS order_id)`,
    `debited AS (UPDATE users SET balance_cents = balance_cents - ${price} WHERE id = ${buyer} AND balance_cents >= ${price} RETURNING id, balance_cents)`,
    `debited_entry AS (INSERT INTO ledger_entries (user_id, bucket, amount_cents, balance_after_cents, kind, order_id, actor_id, created_at) SELECT id, 'balance', -${price}, balance_cents, 'purchase', order_id, id, clock_timestamp() FROM debited, made)`,
    `claimed AS (UPDATE product_keys SET order_id = ${orderId}, sold_at = now() WHERE id IN (SELECT id FROM product_keys WHERE product_id = ${product} AND order_id IS NULL ORDER BY position LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, ciphertext)`,
    `taken AS (${taken})`,
    `placed AS (INSERT INTO orders (id, buyer_id, seller_id, product_id, product_name, category_id, quantity, delivery_type, unit_price_cents, total_cents, status, price_chain, delivered_at) ` +
      `SELECT order_id, ${buyer}, ${chain ? manager : 'NULL'}, ${product}, '${seed.productName}', '${seed.categoryId}', 1, 'instant', ${price}, ${price}, 'completed', ${priceChain}, now() FROM made RETURNING created_at)`,
  ];
  if (chain) {
    ctes.push(
      `profit AS (UPDATE users SET profit_cents = profit_cents + ${margin} WHERE id = ${manager} RETURNING id, profit_cents)`,
      `profit_entry AS (INSERT INTO ledger_entries (user_id, bucket, amount_cents, balance_after_cents, kind, order_id, actor_id, counterparty_id, created_at) SELECT id, 'profit', ${margin}, profit_cents, 'profit', order_id, ${buyer}, ${buyer}, clock_timestamp() FROM profit, made)`,
    );
  }
  ctes.push(`audited AS (${audit})`);
  const lines = [
    perClient ? '\\set buyer :client_id + 1' : `\\set buyer random(1, ${resellers})`,
    `WITH ${ctes.join(', ')} ` +
      `SELECT placed.created_at, claimed.id AS key_id FROM placed LEFT JOIN claimed ON true ` +
      `WHERE keymarket_refuse(CASE WHEN NOT EXISTS (SELECT 1 FROM debited) THEN 'insufficient_balance' ` +
      `WHEN (SELECT count(*) FROM claimed) < 1 THEN 'out_of_stock' ` +
      `WHEN NOT EXISTS (SELECT 1 FROM taken) THEN 'out_of_stock' END) \\gset`,
  ];
  return `${lines.join('\n')}\n`;
}

/** Stand-ins for what each pgbench transaction picks afresh: the buyer and the order's id. */
const BUYER_STAND_IN = '00000000-0000-4000-8fff-00000000b0b0';
const ORDER_STAND_IN = '00000000-0000-4000-8fff-00000000000d';

/** A bound value of the server's statement written into the script as a literal. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`The order statement binds a value pgbench cannot carry: ${typeof value}`);
}

/**
 * pgbench takes `:name` (digits too) anywhere in a statement for one of its variables and aborts
 * the client when it has none by that name; the statement's JSON (`"quantity":1`) and time formats
 * (`HH24:MI:SS`) hold such colons inside string literals. Those literals are written as escape
 * strings with the colon as `\x3a`: the same value for PostgreSQL, nothing for pgbench to take.
 */
function hideColons(statement: string): string {
  return statement.replace(/(?<![A-Za-z0-9_])'((?:[^']|'')*)'/g, (whole, body: string) =>
    /:[A-Za-z0-9_]/.test(body)
      ? `E'${body.replaceAll('\\', '\\\\').replaceAll(':', '\\x3a')}'`
      : whole,
  );
}

/**
 * The server's own order statement (`orderStatement`, as `diagnose.ts` renders it for EXPLAIN),
 * one key from the seeded product, as one pgbench transaction: the ceiling follows the statement
 * whenever it changes (notifications, outbox checks, low-stock, margins), so the HTTP figures'
 * share of it stays honest. Each transaction picks a random seeded buyer and makes its own order
 * id (`made`); every other bound value is written in as a literal.
 */
export function serverOrderScript(
  seed: OrdersSeed,
  resellers: number,
  chain: boolean,
  /**
   * `random`: a random seeded buyer each transaction, so two clients sometimes wait on one buyer's
   * row (the brief's run). `per-client`: client n is buyer n+1, as each HTTP client is one reseller.
   */
  buyers: 'random' | 'per-client' = 'random',
): string {
  const group = chain ? GROUP.chainResellers : GROUP.platformResellers;
  const [text, params] = orderStatementOf(seed, BUYER_STAND_IN, ORDER_STAND_IN, chain);
  const buyer = `(${buyerIdSql(group)})`;
  const order = 'made.order_id';
  // The ids stand in whole for a uuid argument, or inside the JSON of a jsonb one.
  const bound = text.replace(/\$(\d+)\b/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === BUYER_STAND_IN) return buyer;
    if (value === ORDER_STAND_IN) return order;
    if (
      typeof value === 'string' &&
      (value.includes(BUYER_STAND_IN) || value.includes(ORDER_STAND_IN))
    ) {
      return `(replace(replace(${literal(value)}, '${BUYER_STAND_IN}', CAST(${buyer} AS text)), '${ORDER_STAND_IN}', CAST(${order} AS text)))`;
    }
    return literal(value);
  });
  const call = /\bfrom place_order\(/i.exec(bound);
  if (!call) throw new Error('The order is no longer written by a call of place_order');
  const statement = `WITH made AS (SELECT gen_random_uuid() AS order_id) ${bound.slice(0, call.index)} FROM made, ${bound.slice(call.index + 'from '.length)}`;
  // pgbench reads a statement up to the end of its line: one line, no comments.
  const oneLine = hideColons(
    statement
      .replace(/--[^\n]*/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  const pick = buyers === 'per-client' ? ':client_id + 1' : `random(1, ${resellers})`;
  return `\\set buyer ${pick}\n${oneLine} \\gset\n`;
}

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, PGCONNECT_TIMEOUT: '10' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

const number = (output: string, pattern: RegExp) => {
  const match = pattern.exec(output);
  return match ? Number(match[1]) : Number.NaN;
};

/** Runs `script` with pgbench: `warmupSeconds` unrecorded, then the measured run with a per-transaction log. */
export async function runPgbench(
  script: string,
  options: PgbenchOptions & {
    warmupSeconds: number;
    /** Called just before and just after the measured run (not the warm-up). */
    onMeasured?: { start(): void; end(): void };
  },
): Promise<PgbenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'km-bench-pgbench-'));
  try {
    const file = path.join(dir, 'order.sql');
    writeFileSync(file, script);
    const base = [
      '-h',
      PG_HOST,
      '-p',
      String(PG_PORT),
      '-U',
      PG_USER,
      '-n', // no vacuum of pgbench's own tables (there are none)
      '-c',
      String(options.clients),
      '-j',
      String(options.threads),
      '-M',
      options.protocol,
      '-f',
      file,
    ];
    if (options.warmupSeconds > 0) {
      await run('pgbench', [...base, '-T', String(options.warmupSeconds), options.database]);
    }
    const prefix = path.join(dir, 'tx');
    options.onMeasured?.start();
    const measured = run('pgbench', [
      ...base,
      '-T',
      String(options.seconds),
      '-l',
      `--log-prefix=${prefix}`,
      options.database,
    ]);
    const { code, output } = await measured.finally(() => options.onMeasured?.end());
    if (code !== 0 && !/tps = /.test(output)) throw new Error(`pgbench failed:\n${output}`);

    // Log lines: client_id transaction_no time_us script_no epoch epoch_us
    const latencies: number[] = [];
    for (const name of readdirSync(dir).filter((f) => f.startsWith('tx.'))) {
      for (const line of readFileSync(path.join(dir, name), 'utf8').split('\n')) {
        const us = Number(line.split(' ')[2]);
        if (line && Number.isFinite(us)) latencies.push(us / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      script,
      transactions: number(output, /number of transactions actually processed: (\d+)/),
      failed: number(output, /number of failed transactions: (\d+)/) || 0,
      abortedClients: (output.match(/client \d+ (?:script \d+ )?aborted/g) ?? []).length,
      tps: number(output, /tps = ([\d.]+) \(without initial connection time\)/),
      latencyAverageMs: number(output, /latency average = ([\d.]+) ms/),
      medianMs: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      output,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
