import { pendingPurchasesAt } from '../upstreams.repository';
import type { UpstreamEventHandler } from './event-handler';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `order.completed` and `order.rejected` from the upstream: the purchase it settles is read
 * again there and settles the local order (its keys to the buyer, or a full refund). An upstream
 * order whose id is not yet known here (the first answer never arrived) sends every open purchase
 * there to be asked again with its Idempotency-Key.
 */
export const orderSettled: UpstreamEventHandler = async (event, { db, upstream, purchases }) => {
  const order = event.data.order as { id?: unknown } | undefined;
  if (typeof order?.id !== 'string' || !UUID.test(order.id)) return;
  const known = await pendingPurchasesAt(db, upstream.id, order.id);
  const open = known.length > 0 ? known : await pendingPurchasesAt(db, upstream.id);
  for (const orderId of open) await purchases.refresh(orderId);
};
