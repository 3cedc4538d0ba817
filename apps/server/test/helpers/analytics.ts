import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client';
import { orders, type products } from '../../src/db/schema/index';
import type { UserRow } from '../../src/modules/users/users.repository';
import type { SignedInUser } from './factory';

/**
 * Orders written straight into the table with the timestamps a test needs (the API stamps "now"),
 * shaped as the orders service writes them: completed orders carry delivered_at and responded
 * orders responded_at.
 */
export interface HistoricalOrder {
  buyer: UserRow;
  product: typeof products.$inferSelect;
  status: 'pending' | 'completed' | 'rejected';
  quantity?: number;
  /** What the buyer paid a unit. */
  unitCents: bigint;
  /** What the top of the chain paid the platform a unit; defaults to the unit price. */
  platformUnitCents?: bigint;
  /**
   * The sellers above the buyer, nearest first, with what each paid a unit; the last one paid
   * the platform. Wins over `platformUnitCents`.
   */
  sellers?: { userId: string; unitCents: bigint }[];
  /** The product's initial price when placed; null: as on rows older than the column. */
  initialPriceCents?: bigint | null;
  createdAt: Date;
  /** Completion (completed) or answer (rejected) time; defaults to `createdAt`. */
  answeredAt?: Date;
}

export async function insertHistoricalOrder(db: Database, order: HistoricalOrder) {
  const quantity = order.quantity ?? 1;
  const answeredAt = order.answeredAt ?? order.createdAt;
  const [row] = await db
    .insert(orders)
    .values({
      buyerId: order.buyer.id,
      productId: order.product.id,
      productName: order.product.name,
      categoryId: order.product.categoryId,
      quantity,
      deliveryType: order.product.deliveryType,
      unitPriceCents: order.unitCents,
      initialPriceCents:
        order.initialPriceCents === undefined
          ? order.product.initialPriceCents
          : order.initialPriceCents,
      totalCents: order.unitCents * BigInt(quantity),
      status: order.status,
      priceChain: [
        { userId: order.buyer.id, costCents: order.unitCents.toString() },
        ...(order.sellers
          ? order.sellers.map((s) => ({ userId: s.userId, costCents: s.unitCents.toString() }))
          : order.platformUnitCents === undefined
            ? []
            : [
                { userId: order.buyer.invitedById!, costCents: order.platformUnitCents.toString() },
              ]),
      ],
      createdAt: order.createdAt,
      deliveredAt: order.status === 'completed' ? answeredAt : null,
      respondedAt: order.status === 'pending' ? null : answeredAt,
    })
    .returning();
  return row!;
}

/** GET an analytics route as `viewer` and return the 200 body. */
export async function analyticsAs<T>(viewer: SignedInUser, url: string): Promise<T> {
  const response: LightMyRequestResponse = await viewer.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}
