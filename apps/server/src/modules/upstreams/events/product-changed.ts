import type { UpstreamEventHandler } from './event-handler';

/**
 * `product.changed` (DESIGN.md §14): the docked product is read again at our price there and
 * brought in line as the sync would (cost, prices, pause, stock). A product nothing here docks is
 * ignored.
 */
export const productChanged: UpstreamEventHandler = async (event, { upstream, sync }) => {
  const product = event.data.product as { id?: unknown } | undefined;
  if (typeof product?.id !== 'string') return;
  await sync.syncProduct(upstream, product.id);
};
