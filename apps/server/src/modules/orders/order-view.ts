import { fromCents } from '@keymarket/contracts/money';
import { keyLines, type Order } from '@keymarket/contracts/orders';
import type { Executor } from '../../db/client';
import type { CsvColumn } from '../../lib/csv';
import type { KeyVault } from '../../lib/key-vault';
import type { AuthContext } from '../access/auth-context';
import { mayReadOrderKeys } from '../access/policy';
import { keysOfOrders, type OrderWithRefs } from './orders.repository';

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
        mayReadOrderKeys(viewer, r.order) &&
        r.order.deliveryType === 'instant' &&
        r.order.status === 'completed',
    )
    .map((r) => r.order.id);
  const sold = await keysOfOrders(db, instantIds);
  const keysByOrder = new Map<string, Buffer[]>();
  for (const { orderId, ciphertext } of sold) {
    if (orderId === null) continue; // never: only keys sold to these orders are read
    const list = keysByOrder.get(orderId) ?? [];
    list.push(ciphertext);
    keysByOrder.set(orderId, list);
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
  const view = orderWithoutKeys(row);
  const { order } = row;
  if (mayReadOrderKeys(viewer, order)) {
    view.responseKeys = order.deliveredKeys
      ? keyLines(vault.decrypt(order.deliveredKeys))
      : soldKeys.map((sealed) => vault.decrypt(sealed));
  }
  return view;
}

/** An order without its keys, whoever reads it: what a webhook event carries (DESIGN.md §9). */
export function orderWithoutKeys(row: OrderWithRefs): Order {
  const { order } = row;
  return {
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
}

/** The orders export's columns: the table's, without the keys (DESIGN.md §10). */
export const orderCsvColumns: CsvColumn<OrderWithRefs>[] = [
  { header: 'Order', cell: (r) => r.order.id },
  { header: 'Date (UTC)', cell: (r) => r.order.createdAt.toISOString() },
  { header: 'Status', cell: (r) => r.order.status },
  { header: 'Product', cell: (r) => r.order.productName },
  { header: 'Category', cell: (r) => r.category?.nameEn },
  { header: 'Quantity', cell: (r) => r.order.quantity },
  { header: 'Delivery', cell: (r) => r.order.deliveryType },
  { header: 'Unit price (USD)', cell: (r) => fromCents(r.order.unitPriceCents) },
  { header: 'Total (USD)', cell: (r) => fromCents(r.order.totalCents) },
  { header: 'Buyer', cell: (r) => r.buyer.username },
  { header: 'Seller', cell: (r) => r.seller?.username },
  { header: 'Delivered (UTC)', cell: (r) => r.order.deliveredAt?.toISOString() },
  { header: 'Notes', cell: (r) => r.order.notes },
  { header: 'Rejection reason', cell: (r) => r.order.rejectionReason },
];
