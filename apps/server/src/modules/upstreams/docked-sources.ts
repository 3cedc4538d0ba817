import { asc, eq, inArray } from 'drizzle-orm';
import { fromCents } from '@keymarket/contracts/money';
import type { OrderUpstream } from '@keymarket/contracts/orders';
import type { DockedProductSource } from '@keymarket/contracts/upstreams';
import type { Executor } from '../../db/client';
import {
  dockedProducts,
  upstreamKeyReports,
  upstreamOrders,
  upstreams,
} from '../../db/schema/index';

/**
 * Where docked goods come from, as the administrators' screens show it (DESIGN.md §14): each
 * docked order's purchase from its supplier, each docked product's supplier.
 */

/** The purchases of the docked orders among `orderIds`, by order: two reads for a whole page. */
export async function upstreamOfOrders(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, OrderUpstream>> {
  const result = new Map<string, OrderUpstream>();
  if (orderIds.length === 0) return result;
  const ids = [...orderIds];
  const purchases = await db
    .select({ purchase: upstreamOrders, upstreamName: upstreams.name })
    .from(upstreamOrders)
    .innerJoin(upstreams, eq(upstreams.id, upstreamOrders.upstreamId))
    .where(inArray(upstreamOrders.orderId, ids));
  if (purchases.length === 0) return result;
  const reports = await db
    .select()
    .from(upstreamKeyReports)
    .where(
      inArray(
        upstreamKeyReports.orderId,
        purchases.map((p) => p.purchase.orderId),
      ),
    )
    .orderBy(asc(upstreamKeyReports.keyIndex));
  for (const { purchase, upstreamName } of purchases) {
    result.set(purchase.orderId, {
      upstreamId: purchase.upstreamId,
      upstreamName,
      orderId: purchase.upstreamOrderId,
      unitCost: fromCents(purchase.unitCostCents),
      status: purchase.status,
      upstreamStatus: purchase.upstreamStatus,
      lastError: purchase.lastError,
      attempts: purchase.attempts,
      reports: reports
        .filter((r) => r.orderId === purchase.orderId)
        .map((r) => ({
          keyIndex: r.keyIndex,
          status: r.status as OrderUpstream['reports'][number]['status'],
          lastError: r.lastError,
        })),
    });
  }
  return result;
}

/** Every docked product's supplier: one row per docked product, however many. */
export async function dockedProductSources(db: Executor): Promise<DockedProductSource[]> {
  const rows = await db
    .select({ docked: dockedProducts, upstreamName: upstreams.name })
    .from(dockedProducts)
    .innerJoin(upstreams, eq(upstreams.id, dockedProducts.upstreamId))
    .orderBy(asc(dockedProducts.productId));
  return rows.map(({ docked, upstreamName }) => ({
    productId: docked.productId,
    upstream: { id: docked.upstreamId, name: upstreamName },
    upstreamProductId: docked.upstreamProductId,
    pausedAt: docked.pausedAt?.toISOString() ?? null,
    pauseReason: docked.pauseReason,
  }));
}
