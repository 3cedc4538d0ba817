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
 * The enabled endpoints subscribed to any of `types` that receive an event about `userId`, as the
 * outbox's recipients (`select consumer, target_id, events`). Two indexed reads: the user's own
 * endpoints (`webhook_endpoints_user_idx`) and, for orders, the administrators'. The types must
 * share one audience: all about orders, or none.
 */
export function webhookRecipients(types: readonly string[], userId: SQL): SQL {
  const aboutOrders = types.filter((type) => ORDER_EVENTS.has(type)).length;
  if (aboutOrders > 0 && aboutOrders < types.length) {
    throw new Error(
      `Events of different audiences cannot share their recipients: ${types.join(', ')}`,
    );
  }
  const wanted = sql`array[${sql.join(
    types.map((type) => sql`${type}::text`),
    sql`, `,
  )}]`;
  const own = sql`select 'webhook'::text as consumer, e.id as target_id, e.events
    from webhook_endpoints e
    where e.user_id = ${userId} and e.enabled and e.events && ${wanted}`;
  if (!aboutOrders) return own;
  return sql`${own}
    union all
    select 'webhook'::text, e.id, e.events
    from users a join webhook_endpoints e on e.user_id = a.id
    where a.role = 'admin' and a.id <> ${userId} and e.enabled and e.events && ${wanted}`;
}
