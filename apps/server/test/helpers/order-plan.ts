import { randomUUID } from 'node:crypto';
import type { OrderPlan } from '../../src/modules/orders/place-order';
import { profitMargins } from '../../src/modules/orders/profit';

/**
 * What the service would plan for `quantity` units at 10.00 each, for tests that drive the order
 * statement directly (`placeOrder`); with a seller, the seller's own cost is `sellerCostCents`
 * and it earns the difference.
 */
export function orderPlan(
  buyerId: string,
  product: { id: string; deliveryType: 'instant' | 'request' },
  quantity: number,
  options: {
    sellerId?: string;
    sellerCostCents?: bigint;
    idempotencyKey?: string;
    /** `OrderPlan.events`: true unless told (the events written for whoever subscribed). */
    events?: boolean;
  } = {},
): OrderPlan {
  const id = randomUUID();
  const instant = product.deliveryType === 'instant';
  const priceChain = [{ userId: buyerId, costCents: '1000' }];
  if (options.sellerId) {
    priceChain.push({ userId: options.sellerId, costCents: String(options.sellerCostCents) });
  }
  const order = {
    id,
    buyerId,
    sellerId: options.sellerId ?? null,
    productId: product.id,
    productName: 'Statement test',
    categoryId: null,
    quantity,
    deliveryType: product.deliveryType,
    unitPriceCents: 1000n,
    initialPriceCents: 500n,
    totalCents: 1000n * BigInt(quantity),
    status: instant ? ('completed' as const) : ('pending' as const),
    notes: null,
    priceChain,
  };
  return {
    order,
    refs: { buyer: { id: buyerId, username: 'buyer' }, seller: null, category: null },
    claim: instant ? quantity : 0,
    debit: { kind: 'purchase', actorId: buyerId, orderId: id },
    margins: instant ? profitMargins({ quantity, priceChain }) : [],
    lowStockThreshold: null,
    events: options.events ?? true,
    audit: { actorId: buyerId, action: 'order.placed', targetType: 'order', targetId: id },
    idempotency: options.idempotencyKey
      ? {
          userId: buyerId,
          key: options.idempotencyKey,
          hash: 'h',
          statusCode: 201,
          response: { orderId: id },
        }
      : null,
  };
}
