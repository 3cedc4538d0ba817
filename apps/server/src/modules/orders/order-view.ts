import { fromCents } from '@keymarket/contracts/money';
import { keyLines, type Order } from '@keymarket/contracts/orders';
import type { Executor } from '../../db/client';
import type { KeyVault } from '../../lib/key-vault';
import type { AuthContext } from '../../plugins/access';
import { keysOfOrders, type OrderWithRefs } from './orders.repository';

/** Orders as `viewer` sees them: keys only for the buyer and admins (DESIGN.md §2). */
export async function orderViews(
  db: Executor,
  vault: KeyVault,
  viewer: AuthContext,
  rows: OrderWithRefs[],
): Promise<Order[]> {
  const canSeeKeys = (row: OrderWithRefs) =>
    viewer.role === 'admin' || row.order.buyerId === viewer.userId;
  const instantIds = rows
    .filter(
      (r) => canSeeKeys(r) && r.order.deliveryType === 'instant' && r.order.status === 'completed',
    )
    .map((r) => r.order.id);
  const sold = await keysOfOrders(db, instantIds);
  const keysByOrder = new Map<string, string[]>();
  for (const key of sold) {
    const list = keysByOrder.get(key.orderId!) ?? [];
    list.push(vault.decrypt(key.ciphertext));
    keysByOrder.set(key.orderId!, list);
  }
  return rows.map((row) => {
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
    if (canSeeKeys(row)) {
      view.responseKeys = order.deliveredKeys
        ? keyLines(vault.decrypt(order.deliveredKeys))
        : (keysByOrder.get(order.id) ?? []);
    }
    return view;
  });
}
