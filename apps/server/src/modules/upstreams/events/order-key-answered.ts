import { applyUpstreamAnswers } from '../../after-sale/upstream-answers';
import type { UpstreamEventHandler } from './event-handler';

/**
 * `order.key_replaced` and `order.unit_refunded` from the supplier (DESIGN.md §14, after-sale
 * across platforms): one of our orders there had a key replaced or a unit refunded. The event
 * carries no key, so the order is read there and every unit answered there and not yet here is
 * applied to the local order (`applyUpstreamAnswers`): the same event twice applies nothing more.
 */
export const orderKeyAnswered: UpstreamEventHandler = async (event, context) => {
  const order = (event.data as { order?: { id?: unknown } } | undefined)?.order;
  if (typeof order?.id !== 'string') return;
  await applyUpstreamAnswers(
    context.db,
    context.vault,
    context.adapter,
    context.upstream.id,
    order.id,
  );
};
