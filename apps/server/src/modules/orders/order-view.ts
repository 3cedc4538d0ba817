import { fromCents } from '@keymarket/contracts/money';
import { keyLines, type Order } from '@keymarket/contracts/orders';
import type { Executor } from '../../db/client';
import type { CsvColumn } from '../../lib/csv';
import type { KeyVault } from '../../lib/key-vault';
import type { AuthContext } from '../access/auth-context';
import { isAdmin, mayReadOrderKeys } from '../access/policy';
import { keyPlacesOf, type KeyPlaces } from '../after-sale/after-sale.repository';
import { upstreamOfOrders } from '../upstreams/docked-sources';
import type { OrderExportRow, OrderWithRefs } from './orders.repository';

/** Orders as `viewer` sees them: keys only for the buyer and admins (DESIGN.md §2). */
export async function orderViews(
  db: Executor,
  vault: KeyVault,
  viewer: AuthContext,
  rows: OrderWithRefs[],
): Promise<Order[]> {
  const keyed = rows
    .filter(
      (r) =>
        mayReadOrderKeys(viewer, r.order) &&
        r.order.deliveryType === 'instant' &&
        r.order.status === 'completed',
    )
    .map((r) => r.order);
  const places = await keyPlacesOf(db, keyed);
  // Admins see where a docked order was bought (DESIGN.md §14); nobody else does.
  const docked = isAdmin(viewer)
    ? rows.filter((r) => r.order.sourcing === 'upstream').map((r) => r.order.id)
    : [];
  const sources = await upstreamOfOrders(db, docked);
  return rows.map((row) => {
    const place = places.get(row.order.id);
    const view = orderView(vault, viewer, row, place?.current ?? [], place);
    const upstream = sources.get(row.order.id);
    if (upstream) view.upstream = upstream;
    return view;
  });
}

/**
 * One order as `viewer` sees it, given the sealed keys sold to it (instant orders) and what was
 * done about them since (`keyPlacesOf`).
 */
export function orderView(
  vault: KeyVault,
  viewer: AuthContext,
  row: OrderWithRefs,
  soldKeys: readonly Buffer[],
  places?: Pick<KeyPlaces, 'states' | 'replacements'>,
): Order {
  const view = orderWithoutKeys(row);
  const { order } = row;
  if (mayReadOrderKeys(viewer, order)) {
    const keys = order.deliveredKeys
      ? keyLines(vault.decrypt(order.deliveredKeys))
      : soldKeys.map((sealed) => vault.decrypt(sealed));
    // A docked order's replacements come from its supplier (after-sale/upstream-answers.ts).
    for (const [index, sealed] of places?.replacements ?? []) {
      if (index < keys.length) keys[index] = vault.decrypt(sealed);
    }
    view.responseKeys = keys;
    if (order.deliveryType === 'instant' && order.status === 'completed') {
      view.keyStates = places?.states ?? keys.map(() => 'delivered' as const);
    }
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
    // The buyer's own answer to its pending order can only be a cancellation (policy.ts).
    cancelledByBuyer: order.status === 'rejected' && order.respondedById === order.buyerId,
    backordered: order.backordered,
  };
}

/** The orders export's columns: the table's, without the keys (DESIGN.md §10). */
export const orderCsvColumns: CsvColumn<OrderExportRow>[] = [
  { header: 'Order', cell: (r) => r.order.id },
  { header: 'Date (UTC)', cell: (r) => r.order.createdAt.toISOString() },
  { header: 'Status', cell: (r) => r.order.status },
  { header: 'Backordered', cell: (r) => (r.order.backordered ? 'yes' : 'no') },
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
