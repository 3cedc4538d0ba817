import { z } from './zod';
import { messages } from './messages';
import { deliveryTypeSchema, productCategoryRefSchema } from './catalogue';
import {
  dateRangeFields,
  exportFormatSchema,
  paginationSchema,
  rangeInOrder,
  rangeOrderError,
  sortParam,
  pageFields,
} from './pagination';
import { freeText, normaliseKey, searchText } from './text';
import { userRefSchema } from './users';

export const ORDER_QUANTITY_MAX = 1000;
export const ORDER_NOTES_MAX = 500;
export const REJECTION_REASON_MAX = 500;
export const IDEMPOTENCY_KEY_MAX = 200;

export const orderStatuses = ['pending', 'completed', 'rejected'] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const createOrderSchema = z.strictObject({
  productId: z.uuid('Choose a product'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(ORDER_QUANTITY_MAX, `Quantity cannot exceed ${ORDER_QUANTITY_MAX}`),
  notes: freeText()
    .trim()
    .max(ORDER_NOTES_MAX, `Notes cannot exceed ${ORDER_NOTES_MAX} characters`)
    .optional(),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;

/** A docked order's report of one key as passed to its supplier (DESIGN.md §14). */
export const upstreamKeyReportStatuses = ['pending', 'forwarded', 'answered', 'refused'] as const;

/**
 * Admins: how a docked order is bought from its supplier (DESIGN.md §14): the supplier, its own
 * order id (the reference to quote to it), the cost, the purchase's state and its last failure,
 * and the reports of its keys passed there.
 */
export const orderUpstreamSchema = z.object({
  upstreamId: z.uuid(),
  upstreamName: z.string(),
  /** The supplier's own order id, once it answered. */
  orderId: z.uuid().nullable(),
  unitCost: z.number(),
  status: orderStatusSchema,
  /** The supplier's order status as last read there. */
  upstreamStatus: z.string().nullable(),
  lastError: z.string().nullable(),
  attempts: z.number().int(),
  reports: z.array(
    z.object({
      keyIndex: z.number().int(),
      status: z.enum(upstreamKeyReportStatuses),
      lastError: z.string().nullable(),
    }),
  ),
});
export type OrderUpstream = z.infer<typeof orderUpstreamSchema>;

export const orderSchema = z.object({
  id: z.uuid(),
  status: orderStatusSchema,
  productId: z.uuid(),
  productName: z.string(),
  buyer: userRefSchema,
  seller: userRefSchema.nullable(),
  category: productCategoryRefSchema.nullable(),
  quantity: z.number().int(),
  deliveryType: deliveryTypeSchema,
  unitPrice: z.number(),
  totalAmount: z.number(),
  createdAt: z.iso.datetime(),
  deliveredAt: z.iso.datetime().nullable(),
  notes: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /**
   * A rejected order the buyer withdrew itself (DESIGN.md §5 lets it cancel its own pending
   * order), rather than one an administrator refused: screens say "Cancelled by the buyer".
   */
  cancelledByBuyer: z.boolean(),
  /** An instant order placed beyond the keys: paid, pending until an import fills it. */
  backordered: z.boolean(),
  /** Present for the buyer and admins only. A replaced key shows its replacement. */
  responseKeys: z.array(z.string()).optional(),
  /** Beside `responseKeys` (same places), for the keys of a completed instant order. */
  keyStates: z.array(z.enum(['delivered', 'reported', 'replaced', 'refunded'])).optional(),
  /** Admins, for an order of a docked product: its purchase from the supplier. */
  upstream: orderUpstreamSchema.optional(),
});
export type Order = z.infer<typeof orderSchema>;
export type KeyState = NonNullable<Order['keyStates']>[number];

/**
 * After-sale refusals (DESIGN.md §11). Kept out of the eagerly loaded `messages` catalogue (the
 * login page's size budget): the web app words them by their error type.
 */
/** The after-sale refusals' fixed texts, kept in the message catalogue (translated by the web). */
export const afterSaleMessages = {
  backordersBlockRequest: messages.backordersBlockRequest,
  keyAlreadyReported: messages.keyAlreadyReported,
  keyAlreadyHandled: messages.keyAlreadyHandled,
  onlyPoolKeys: messages.onlyPoolKeys,
  onlyCompletedOrders: messages.onlyCompletedOrders,
  noReplacementKey: messages.noReplacementKey,
} as const;

export const KEY_REPORT_REASON_MIN = 5;
export const KEY_REPORT_REASON_MAX = 1000;

/** `POST /orders/{id}/report`: the buyer says one delivered key does not work. */
export const reportKeySchema = z.strictObject({
  keyIndex: z
    .number({ error: 'keyIndex must be a whole number' })
    .int('keyIndex must be a whole number')
    .min(0, 'keyIndex cannot be negative'),
  reason: z
    .string({
      error: `Say what is wrong with the key (at least ${KEY_REPORT_REASON_MIN} characters)`,
    })
    .trim()
    .min(
      KEY_REPORT_REASON_MIN,
      `Say what is wrong with the key (at least ${KEY_REPORT_REASON_MIN} characters)`,
    )
    .max(KEY_REPORT_REASON_MAX, `The reason cannot exceed ${KEY_REPORT_REASON_MAX} characters`),
});
export type ReportKeyInput = z.input<typeof reportKeySchema>;

/** `POST /orders/{id}/replace` and `/refund` (admins): which key of the order. */
export const orderKeySchema = reportKeySchema.pick({ keyIndex: true });
export type OrderKeyInput = z.input<typeof orderKeySchema>;

/** Non-empty lines of a keys text, cleaned as normaliseKey says: one per unit sold. */
export function keyLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map(normaliseKey)
    .filter((line) => line.length > 0);
}

/**
 * A paste of keys for a product's pool as the import form reads it: at least one key. The form
 * sends it in parts, each an `importKeysRequestSchema` body, and the server counts the blank lines.
 */
export const keysPasteSchema = z.strictObject({
  keys: z
    .string({ error: messages.keysRequired })
    .refine((v) => keyLines(v).length > 0, messages.keysRequired),
});

export const respondOrderSchema = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('completed'),
    keys: z
      .string({ error: messages.keysRequired })
      .max(1_000_000)
      .refine((v) => keyLines(v).length > 0, messages.keysRequired),
  }),
  z.strictObject({
    status: z.literal('rejected'),
    reason: freeText({ error: messages.rejectionReasonRequired })
      .trim()
      .min(1, messages.rejectionReasonRequired)
      .max(REJECTION_REASON_MAX, `The reason cannot exceed ${REJECTION_REASON_MAX} characters`),
  }),
]);
export type RespondOrderInput = z.input<typeof respondOrderSchema>;

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** The columns an orders list sorts by (`?sort=total`, `?sort=-date`). */
export const orderSortColumns = ['date', 'total', 'quantity', 'status', 'product'] as const;
export type OrderSortColumn = (typeof orderSortColumns)[number];

export const ordersQuerySchema = z
  .object({
    ...pageFields(),
    /** Managers and resellers: include their downline's orders. */
    showAll: booleanQuery.default(false),
    status: orderStatusSchema.optional(),
    /** Product name or buyer username. */
    search: searchText().max(100).optional(),
    productId: z.uuid('productId must be a product id').optional(),
    buyerId: z.uuid('buyerId must be a user id').optional(),
    sellerId: z.uuid('sellerId must be a user id').optional(),
    ...dateRangeFields,
    sort: sortParam(orderSortColumns).optional(),
    format: exportFormatSchema,
  })
  .refine(rangeInOrder, rangeOrderError);
export type OrdersQueryInput = z.input<typeof ordersQuerySchema>;

export const orderStatsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  completed: z.number().int(),
  rejected: z.number().int(),
  /** USD: sum of completed orders' totals. */
  revenue: z.number(),
});

/**
 * A page of orders. Its `pagination.total` is counted up to `COUNT_CAP`; the stat cards, exact
 * over every matching order, are `GET /orders/all/stats` (the same filters), asked apart so the
 * page never waits for them.
 */
export const orderListSchema = z.object({
  data: z.array(orderSchema),
  pagination: paginationSchema,
});
