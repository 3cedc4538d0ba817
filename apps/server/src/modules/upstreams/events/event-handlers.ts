import type { UpstreamEventHandler } from './event-handler';
import { orderKeyAnswered } from './order-key-answered';
import { orderSettled } from './order-settled';
import { productChanged } from './product-changed';

/**
 * The events a platform acts on when its upstream sends them, by type, one file a handler. An
 * event of another type is acknowledged and ignored.
 */
export const upstreamEventHandlers: Readonly<Partial<Record<string, UpstreamEventHandler>>> = {
  'product.changed': productChanged,
  'order.completed': orderSettled,
  'order.rejected': orderSettled,
  'order.key_replaced': orderKeyAnswered,
  'order.unit_refunded': orderKeyAnswered,
};
