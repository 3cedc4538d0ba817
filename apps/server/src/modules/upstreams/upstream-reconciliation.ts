import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, upstreamOrders } from '../../db/schema/index';
import type { KeyVault } from '../../lib/key-vault';
import type { UpstreamOrder } from './adapters/upstream-adapter';
import { adapterFor } from './upstream-adapters';
import type { UpstreamUrlRules } from './upstream-http';
import { listUpstreams } from './upstreams.repository';

/** A supplier's pages of our orders read at most: 100 orders each. */
const MAX_PAGES = 1000;

export interface UpstreamCheck {
  upstream: string;
  ok: boolean;
  detail: string;
  /** What differs, one line each. */
  rows: string[];
}

/**
 * `npm run reconcile -- --upstreams` (DESIGN.md §14): our docked orders against each supplier's
 * own records, read through its API. Every purchase it answered is there with the same status,
 * quantity and a unit price no higher than our recorded cost; every order of ours there belongs
 * to one of our purchases (none bought twice, none bought without a local order).
 */
export async function reconcileUpstreams(
  db: Database,
  vault: KeyVault,
  rules: UpstreamUrlRules,
): Promise<UpstreamCheck[]> {
  const checks: UpstreamCheck[] = [];
  for (const { upstream } of await listUpstreams(db)) {
    const adapter = adapterFor(upstream, vault, rules);
    const ours = await db
      .select({ purchase: upstreamOrders, quantity: orders.quantity })
      .from(upstreamOrders)
      .innerJoin(orders, eq(orders.id, upstreamOrders.orderId))
      .where(eq(upstreamOrders.upstreamId, upstream.id));
    const rows: string[] = [];
    let theirs: Map<string, UpstreamOrder>;
    try {
      theirs = new Map();
      for (let page = 1; page <= MAX_PAGES; page++) {
        const { items, total } = await adapter.orders(page);
        for (const item of items) theirs.set(item.id, item);
        if (items.length < 100 || theirs.size >= total) break;
      }
    } catch (error) {
      checks.push({
        upstream: upstream.name,
        ok: false,
        detail: `Could not read the supplier's orders: ${error instanceof Error ? error.message : String(error)}`,
        rows: [],
      });
      continue;
    }
    const claimed = new Set<string>();
    for (const { purchase, quantity } of ours) {
      const local = `order ${purchase.orderId}`;
      if (!purchase.upstreamOrderId) {
        if (purchase.status === 'completed')
          rows.push(`${local}: completed without a supplier order id`);
        continue;
      }
      if (claimed.has(purchase.upstreamOrderId)) {
        rows.push(`${local}: supplier order ${purchase.upstreamOrderId} belongs to two orders`);
      }
      claimed.add(purchase.upstreamOrderId);
      const there = theirs.get(purchase.upstreamOrderId);
      if (!there) {
        rows.push(`${local}: supplier order ${purchase.upstreamOrderId} is not there`);
        continue;
      }
      if (there.status !== purchase.status) {
        rows.push(`${local}: ${purchase.status} here, ${there.status} there`);
      }
      if (there.quantity !== quantity) {
        rows.push(`${local}: ${quantity} here, ${there.quantity} there`);
      }
      if (there.unitPriceCents > purchase.unitCostCents) {
        rows.push(
          `${local}: bought at ${there.unitPriceCents} cents, above its cost of ${purchase.unitCostCents}`,
        );
      }
    }
    for (const id of theirs.keys()) {
      if (!claimed.has(id)) rows.push(`supplier order ${id}: no order here bought it`);
    }
    checks.push({
      upstream: upstream.name,
      ok: rows.length === 0,
      detail:
        rows.length === 0
          ? `${ours.length} purchase(s) match the supplier's ${theirs.size} order(s).`
          : `${rows.length} difference(s) with the supplier's records.`,
      rows,
    });
  }
  return checks;
}
