import { fromCents } from '@keymarket/contracts/money';
import { keyLines, type Order } from '@keymarket/contracts/orders';
import type { Executor } from '../../db/client';
import type { KeyVault } from '../../lib/key-vault';
import type { AuthContext } from '../../plugins/access';
import { keysOfOrders, type OrderWithRefs } from './orders.repository';

const canSeeKeys = (viewer: AuthContext, row: OrderWithRefs) =>
  viewer.role === 'admin' || row.order.buyerId === viewer.userId;

/** Orders as `viewer` sees them: keys only for the buyer and admins (DESIGN.md §2). */
export async function orderViews(
  db: Executor,
  vault: KeyVault,
  viewer: AuthContext,
  rows: OrderWithRefs[],
): Promise<Order[]> {
  const instantIds = rows
    .filter(
      (r) =>
        canSeeKeys(viewer, r) &&
        r.order.deliveryType === 'instant' &&
        r.order.status === 'completed',
    )
    .map((r) => r.order.id);
  const sold = await keysOfOrders(db, instantIds);
  const keysByOrder = new Map<string, Buffer[]>();
  for (const key of sold) {
    const list = keysByOrder.get(key.orderId!) ?? [];
    list.push(key.ciphertext);
    keysByOrder.set(key.orderId!, list);
  }
  return rows.map((row) => orderView(vault, viewer, row, keysByOrder.get(row.order.id) ?? []));
}

/** One order as `viewer` sees it, given the sealed keys sold to it (instant orders). */
export function orderView(
  vault: KeyVault,
  viewer: AuthContext,
  row: OrderWithRefs,
  soldKeys: readonly Buffer[],
): Order {
  const { order } = row;
  const view: Order = {
    id: order.id,
    status: order.status,
    productId: order.productId,
    productName: order.productName,
    buyer: row.buyer,
    seller: row.seller?.id ? { id: row.seller.id, username: row.seller.username } : null,
    category: row.category?.id ? row.category : null,
    quantity: order.quantity,
    deliveryType: order.deliveryType,
    unitPrice: fromCents(order.unitPriceCents),
    totalAmount: fromCents(order.totalCents),
    createdAt: order.createdAt.toISOString(),
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    notes: order.notes,
    rejectionReason: order.rejectionReason,
  };
  if (canSeeKeys(viewer, row)) {
    view.responseKeys = order.deliveredKeys
      ? keyLines(vault.decrypt(order.deliveredKeys))
      : soldKeys.map((sealed) => vault.decrypt(sealed));
  }
  return view;
}
