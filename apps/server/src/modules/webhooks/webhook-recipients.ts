import { sql, type SQL } from 'drizzle-orm';

/** Events about an order reach the buyer's endpoints and every administrator's (DESIGN.md §9). */
const ORDER_EVENTS: ReadonlySet<string> = new Set([
  'order.created',
  'order.completed',
  'order.rejected',
  'order.key_replaced',
  'order.unit_refunded',
]);

/**
 * The enabled endpoints subscribed to `type` that receive an event about `userId`, as the
 * outbox's recipients (`select consumer, target_id`). Two indexed reads: the user's own
 * endpoints (`webhook_endpoints_user_idx`) and, for orders, the administrators'.
 */
export function webhookRecipients(type: string, userId: SQL): SQL {
  const own = sql`select 'webhook'::text as consumer, e.id as target_id
    from webhook_endpoints e
    where e.user_id = ${userId} and e.enabled and ${type}::text = any(e.events)`;
  if (!ORDER_EVENTS.has(type)) return own;
  return sql`${own}
    union all
    select 'webhook'::text, e.id
    from users a join webhook_endpoints e on e.user_id = a.id
    where a.role = 'admin' and a.id <> ${userId} and e.enabled and ${type}::text = any(e.events)`;
}
