/**
 * An order as the service decides it before writing it (`placeOrder`, place-order.ts):
 * the row, what it claims, who pays and who earns, what is recorded with it.
 */
import type { OrderStatus } from '@keymarket/contracts/orders';
import type { orders } from '../../db/schema/index';
import type { AuditRecord, LedgerContext } from '../ledger/ledger.repository';
import type { IdempotencyRecord } from './idempotency';
import type { OrderWithRefs } from './orders.repository';
import type { Margin } from './profit';

export type NewOrder = Omit<
  typeof orders.$inferInsert,
  'createdAt' | 'deliveredAt' | 'deliveredKeys' | 'respondedAt' | 'respondedById'
> & { id: string; status: OrderStatus; notes: string | null; sellerId: string | null };

/** Everything an order writes, decided beforehand from the product, the chain and the prices. */
export interface OrderPlan {
  order: NewOrder;
  /** Unsold keys to claim: the quantity for an instant product, none for a request. */
  claim: number;
  /** The buyer pays `order.totalCents` out of its balance (nothing when it is free). */
  debit: LedgerContext | null;
  /** Paid at once for an instant order; a request order pays them when it is completed. */
  margins: readonly Margin[];
  audit: AuditRecord;
  /** Recorded with the order, so the two commit or vanish together (`idempotency.ts`). */
  idempotency: IdempotencyRecord | null;
  /** The buyer, seller and category as the order's answer and its `order.created` event name them. */
  refs: Omit<OrderWithRefs, 'order'>;
  /**
   * The product's low-stock threshold, when this sale may bring its stock down to it
   * (`place_order`, migration 0039); null when it plainly cannot, so the call
   * carries nothing for it.
   */
  lowStockThreshold: number | null;
  /**
   * The order's `order.created` (and `order.completed`) events go into the outbox, for whoever
   * subscribed. False when the service expects nobody to (`OrderEventHints`): the statement
   * then writes none, and is refused (`order_events`) if the buyer or an administrator has an
   * endpoint for them after all, to be placed again with them.
   */
  events: boolean;
}
