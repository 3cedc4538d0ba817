/**
 * What it costs the server's CPU to produce the order statement for one order, before it goes to
 * the driver: built and rendered afresh for each order (as until issue 21: the SQL tree, Drizzle's
 * `sqlToQuery`, the name's SHA-1) against rendered once per shape and bound per order
 * (`orderStatements`, `orderValues`, the placeholders filled). No database.
 *
 *   cd bench && npx tsx order-statement-render.ts [orders per round, default 100000]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PgDialect } from 'drizzle-orm/pg-core';
import { statementName } from '../apps/server/src/db/client';
import {
  orderQuery,
  orderStatement,
  type OrderPlan,
} from '../apps/server/src/modules/orders/place-order.statement';
import { profitMargins } from '../apps/server/src/modules/orders/profit';

const count = Number(process.argv[2] ?? 100_000);
const ROUNDS = 5;

/** A one-key order as the server plans it: through a manager (one margin) or at the platform's price with an Idempotency-Key (v1). */
function planOf(chain: boolean): OrderPlan {
  const id = randomUUID();
  const buyerId = randomUUID();
  const managerId = randomUUID();
  const priceCents = chain ? 1250n : 1000n;
  const priceChain = [
    { userId: buyerId, costCents: String(priceCents) },
    ...(chain ? [{ userId: managerId, costCents: '1100' }] : []),
  ];
  const order = {
    id,
    buyerId,
    sellerId: chain ? managerId : null,
    productId: '6f1c2a52-9d0e-4c3b-8a55-0e8f9b7d1c11',
    productName: 'Game key',
    categoryId: '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9',
    quantity: 1,
    deliveryType: 'instant' as const,
    unitPriceCents: priceCents,
    initialPriceCents: null,
    totalCents: priceCents,
    status: 'completed' as const,
    backordered: false,
    notes: null,
    priceChain,
  };
  return {
    order,
    refs: {
      buyer: { id: buyerId, username: 'reseller' },
      seller: chain ? { id: managerId, username: 'manager' } : null,
      category: null,
    },
    claim: 1,
    debit: { kind: 'purchase', actorId: buyerId, orderId: id },
    margins: profitMargins(order),
    audit: {
      actorId: buyerId,
      action: 'order.placed',
      targetType: 'order',
      targetId: id,
      after: {
        productId: order.productId,
        quantity: 1,
        totalCents: priceCents,
        status: 'completed',
      },
    },
    idempotency: chain
      ? null
      : {
          userId: buyerId,
          key: randomUUID(),
          hash: 'f'.repeat(64),
          statusCode: 201,
          response: { orderId: id },
        },
    // A buyer nobody listens to, as the hot path plans it.
    events: false,
    lowStockThreshold: null,
  };
}

const dialect = new PgDialect();
const ways = {
  /** What `placeOrder` did until issue 21 (`preparedRowsOf`): build, render, name. */
  'built per order': (plan: OrderPlan) => {
    const { sql, params } = dialect.sqlToQuery(orderStatement(plan));
    return statementName(sql).length + params.length;
  },
  /** What it does now: the shape's text, the plan's values in its placeholders. */
  'once per shape': (plan: OrderPlan) => orderQuery(plan).params.length,
};

/**
 * One round: the CPU time the process spent (user and system, so a busy machine's waits for a
 * core do not count), and the wall time.
 */
function time(way: (plan: OrderPlan) => number, plans: OrderPlan[]): { cpuMs: number; ms: number } {
  let sink = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (const plan of plans) sink += way(plan);
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (sink === 0) throw new Error('nothing rendered');
  return { cpuMs: (used.user + used.system) / 1000, ms };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const perOrder = (ms: number) => `${((ms * 1000) / count).toFixed(2).padStart(6)} µs`;

console.log(`${count.toLocaleString('en')} plans a round, ${ROUNDS} rounds alternated, medians:`);
for (const chain of [true, false]) {
  const label = chain ? 'manager chain (one margin)' : 'platform, Idempotency-Key (v1)';
  const plans = Array.from({ length: count }, () => planOf(chain));
  const rounds = new Map(
    Object.keys(ways).map((name) => [name, { cpuMs: [] as number[], ms: [] as number[] }]),
  );
  // A warm-up of each, then the ways alternate so that neither gets the quieter seconds.
  for (const way of Object.values(ways)) time(way, plans.slice(0, 10_000));
  for (let i = 0; i < ROUNDS; i += 1) {
    for (const [name, way] of Object.entries(ways)) {
      const { cpuMs, ms } = time(way, plans);
      rounds.get(name)!.cpuMs.push(cpuMs);
      rounds.get(name)!.ms.push(ms);
    }
  }
  const cpu = [...rounds.values()].map((r) => median(r.cpuMs));
  for (const [i, [name, round]] of [...rounds.entries()].entries()) {
    console.log(
      `  ${label.padEnd(31)} ${name.padEnd(16)} CPU ${perOrder(cpu[i]!)} an order` +
        `  (wall ${perOrder(median(round.ms))}; round CPU ${cpu[i]!.toFixed(0)} ms)`,
    );
  }
  console.log(`  ${label.padEnd(31)} ${(cpu[0]! / cpu[1]!).toFixed(1)}× less CPU once per shape`);
}
