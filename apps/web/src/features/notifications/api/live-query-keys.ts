import type { LiveEventType, NotificationType } from '@keymarket/contracts/notifications';
import { queryKeys } from '@/lib/query-keys';

export type QueryKey = readonly string[];

/**
 * Every figure a change of money moves: the top bar's balance and profit (`currentUser`), the
 * dashboard's cards and charts (`analytics`) and the statements (`ledger`). Always together, so
 * no screen shows one balance while another shows the next.
 */
const MONEY: readonly QueryKey[] = [queryKeys.currentUser, queryKeys.analytics, queryKeys.ledger];

/**
 * What each live event (`GET /notifications/stream`, DESIGN.md §12) makes stale, in one table:
 * a screen that reads a query under one of these roots refreshes itself when the event comes.
 * A new event or notification type fails the typecheck until it is given its keys here.
 *
 * - `balance`: the user's balance or profit changed (a purchase, a refund, a credit, a margin).
 * - `orders`: an order the user sees changed state. Its lists, details and counts, the money it
 *   moved, the stock it took or gave back, and, for administrators, the `order.pending` entries
 *   it resolved (the bell and the notifications list).
 * - `notification`: a new entry; besides the notifications themselves, what its type reports
 *   (`NOTIFICATION_KEYS`).
 */
export const LIVE_EVENT_KEYS: Record<Exclude<LiveEventType, 'ready'>, readonly QueryKey[]> = {
  balance: MONEY,
  orders: [queryKeys.orders, queryKeys.notifications, queryKeys.products, ...MONEY],
  notification: [queryKeys.notifications],
};

/** What a notification of each type reports a change of, besides the notifications list. */
export const NOTIFICATION_KEYS: Record<NotificationType, readonly QueryKey[]> = {
  'order.completed': [queryKeys.orders, ...MONEY],
  'order.rejected': [queryKeys.orders, queryKeys.products, ...MONEY],
  'order.pending': [queryKeys.orders, queryKeys.analytics],
  'order.key_replaced': [queryKeys.orders, queryKeys.tickets, queryKeys.products],
  'order.unit_refunded': [queryKeys.orders, queryKeys.tickets, ...MONEY],
  'balance.credited': MONEY,
  'profit.credited': MONEY,
  'ticket.answered': [queryKeys.tickets],
  'ticket.opened': [queryKeys.tickets],
  'ticket.replied': [queryKeys.tickets],
  'stock.low': [queryKeys.products, queryKeys.analytics],
  'webhook.disabled': [queryKeys.webhooks],
  'topup.requested': [queryKeys.topups],
  'topup.approved': [queryKeys.topups, ...MONEY],
  'topup.rejected': [queryKeys.topups],
  'upstream.balance_low': [queryKeys.upstreams],
};

/** Without duplicates (by value): each query is invalidated once. */
export function distinctKeys(keys: readonly QueryKey[]): QueryKey[] {
  const seen = new Map<string, QueryKey>();
  for (const key of keys) seen.set(JSON.stringify(key), key);
  return [...seen.values()];
}

/**
 * Everything any event could have made stale: read again when the stream was down (it reopens,
 * or the tab regains focus without it), since the events missed meanwhile are unknown.
 */
export const EVERYTHING_LIVE: readonly QueryKey[] = distinctKeys([
  ...Object.values(LIVE_EVENT_KEYS).flat(),
  ...Object.values(NOTIFICATION_KEYS).flat(),
]);
