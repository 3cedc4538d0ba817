import { z } from './zod';
import { paginationSchema, pageFields } from './pagination';
import { appLanguageSchema, userRefSchema } from './users';
import { messages } from './messages';

/** The in-app notification types (DESIGN.md §12), and who receives each. */
export const notificationTypes = [
  /** The buyer: an administrator completed its pending order. */
  'order.completed',
  /** The buyer: an administrator rejected its pending order (it was refunded). */
  'order.rejected',
  /** Administrators: a request order waits for an answer. */
  'order.pending',
  /** The user: someone else credited its balance (a deposit, a transfer). */
  'balance.credited',
  /** A seller: its downline's orders earned it profit (one unread entry adds the sales up). */
  'profit.credited',
  /** The ticket's author: an administrator answered it. */
  'ticket.answered',
  /** Administrators: a user opened a ticket. */
  'ticket.opened',
  /** Administrators: a ticket's author wrote again in its conversation. */
  'ticket.replied',
  /** Administrators: a sale brought a product's stock down to its low-stock threshold. */
  'stock.low',
  /** The buyer: an administrator replaced a key it reported (DESIGN.md §11). */
  'order.key_replaced',
  /** The buyer: an administrator refunded one unit of its order (DESIGN.md §11). */
  'order.unit_refunded',
  /** The endpoint's owner: its webhook failed every delivery for 24 hours and was disabled (§9). */
  'webhook.disabled',
  /** The funder (administrators for the platform's methods): a top-up request waits (§13). */
  'topup.requested',
  /** The requester: its top-up request was approved and credited. */
  'topup.approved',
  /** The requester: its top-up request was rejected. */
  'topup.rejected',
  /** Administrators: the platform's balance at a supplier fell below its alert (DESIGN.md §14). */
  'upstream.balance_low',
] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

const orderRef = z.object({ orderId: z.uuid(), productName: z.string(), quantity: z.number() });
/** A top-up request: what was asked, in the method's currency, and the USD it credits. */
const topupRef = z.object({
  topupId: z.uuid(),
  amount: z.number(),
  currencyCode: z.string(),
  creditAmount: z.number(),
});

/** Each type's `data`: what the entry says and the id of what it links to. */
export const notificationSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('order.completed'),
    data: orderRef.extend({ totalAmount: z.number() }),
  }),
  z.object({
    type: z.literal('order.rejected'),
    data: orderRef.extend({ totalAmount: z.number(), reason: z.string().nullable() }),
  }),
  z.object({
    type: z.literal('order.pending'),
    data: orderRef.extend({ totalAmount: z.number(), buyer: userRefSchema }),
  }),
  z.object({
    type: z.literal('balance.credited'),
    data: z.object({
      entryId: z.string(),
      kind: z.string(),
      amount: z.number(),
      balanceAfter: z.number(),
      actor: userRefSchema.nullable(),
    }),
  }),
  z.object({
    type: z.literal('profit.credited'),
    /** `amount` over `orders` sales since the entry was last read. */
    data: z.object({ amount: z.number(), orders: z.number().int() }),
  }),
  z.object({
    type: z.literal('ticket.answered'),
    data: z.object({ ticketId: z.uuid(), subject: z.string() }),
  }),
  z.object({
    type: z.literal('order.key_replaced'),
    data: orderRef.extend({ keyIndex: z.number().int() }),
  }),
  z.object({
    type: z.literal('order.unit_refunded'),
    data: orderRef.extend({ keyIndex: z.number().int(), amount: z.number() }),
  }),
  z.object({
    type: z.literal('ticket.opened'),
    data: z.object({ ticketId: z.uuid(), subject: z.string(), author: userRefSchema }),
  }),
  z.object({
    type: z.literal('ticket.replied'),
    data: z.object({ ticketId: z.uuid(), subject: z.string(), author: userRefSchema }),
  }),
  z.object({
    type: z.literal('stock.low'),
    data: z.object({
      productId: z.uuid(),
      productName: z.string(),
      stock: z.number().int(),
      threshold: z.number().int(),
    }),
  }),
  z.object({
    type: z.literal('webhook.disabled'),
    data: z.object({ webhookId: z.uuid(), url: z.string() }),
  }),
  z.object({
    type: z.literal('topup.requested'),
    data: topupRef.extend({ requester: userRefSchema }),
  }),
  z.object({
    type: z.literal('topup.approved'),
    data: topupRef,
  }),
  z.object({
    type: z.literal('topup.rejected'),
    data: topupRef.extend({ reason: z.string() }),
  }),
  z.object({
    type: z.literal('upstream.balance_low'),
    /** The balance there as read, and the alert it fell below (USD). */
    data: z.object({
      upstreamId: z.uuid(),
      upstreamName: z.string(),
      balance: z.number(),
      threshold: z.number(),
    }),
  }),
]);

const notificationFields = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export const notificationItemSchema = z.intersection(notificationFields, notificationSchema);
export type Notification = z.infer<typeof notificationItemSchema>;

export const notificationsQuerySchema = z.object({
  ...pageFields(),
  /** `true`: only the unread ones. */
  unread: z
    .enum(['true', 'false'], { error: 'Expected true or false' })
    .transform((v) => v === 'true')
    .optional(),
  /** Only the entries of this type. */
  type: notificationTypeSchema.optional(),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const notificationListSchema = z.object({
  data: z.array(notificationItemSchema),
  pagination: paginationSchema,
  /** The caller's unread count, whatever the filter. */
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export const notificationIdParams = z.object({ id: z.uuid(messages.notificationNotFound) });
export const readAllSchema = z.object({ updated: z.number().int() });

/**
 * `GET /notifications/stream` events (Server-Sent Events). `notification`: one new or updated
 * entry (`data` a `Notification`, `id` its cursor for `Last-Event-ID`); `balance`: the user's
 * balance or profit changed; `orders`: an order the user sees changed state; `ready`: the stream
 * is open (sent first and after each resume).
 */
export const liveEventTypes = ['ready', 'notification', 'balance', 'orders'] as const;
export type LiveEventType = (typeof liveEventTypes)[number];
export const ordersLiveEventSchema = z.object({ orderId: z.uuid().nullable() });
export const NOTIFICATION_STREAM_HEARTBEAT_MS = 25_000;

/** GET/PUT /users/me/notification-preferences: the types also sent by email (in-app is always on). */
export const notificationPreferencesSchema = z.object({
  /** The types sent by email too. */
  email: z.array(notificationTypeSchema),
  /** The emails' language. */
  language: appLanguageSchema,
  /** The server sends email (`SMTP_URL`); without it nothing is sent, whatever is chosen. */
  emailAvailable: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const updateNotificationPreferencesSchema = z.strictObject({
  email: z
    .array(notificationTypeSchema)
    .max(notificationTypes.length)
    .transform((types) => [...new Set(types)]),
  language: appLanguageSchema,
});
export type UpdateNotificationPreferencesInput = z.input<
  typeof updateNotificationPreferencesSchema
>;
