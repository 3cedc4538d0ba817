import { fromCents } from '@keymarket/contracts/money';
import type { TicketReportDetails } from '@keymarket/contracts/tickets';
import type { Database } from '../../db/client';
import { maskedKey } from '../key-pool/key-pool.service';
import { orderWithRefs } from '../orders/orders.repository';
import { productStockOf } from '../stock/stock';
import { reportedKeyOf } from './tickets.repository';

/**
 * What an administrator decides a faulty-key report with (DESIGN.md §11): the reported key,
 * masked from the characters stored for the key pool's listing (it is never decrypted here), the
 * order, the unit price a refund gives back, the buyer, and the unsold keys a replacement comes
 * from. Undefined when the order is gone.
 */
export async function reportDetailsOf(
  db: Database,
  report: { orderId: string; keyIndex: number },
): Promise<TicketReportDetails | undefined> {
  const [row, reported] = await Promise.all([
    orderWithRefs(db, report.orderId),
    reportedKeyOf(db, report.orderId, report.keyIndex),
  ]);
  if (!row) return undefined;
  const { order, buyer } = row;
  const stock = await productStockOf(db, order.productId);
  return {
    orderId: order.id,
    keyIndex: report.keyIndex,
    maskedKey: reported.key ? maskedKey(reported.key.head, reported.key.hint) : null,
    keyState: reported.action ?? 'reported',
    productId: order.productId,
    productName: order.productName,
    quantity: order.quantity,
    unitPrice: fromCents(order.unitPriceCents),
    buyer,
    poolStock: stock?.stock ?? null,
  };
}
