import { z } from './zod';
import { messages } from './messages';
import { deliveryTypeSchema, productCategoryRefSchema } from './catalogue';
import { exportFormatSchema, paginationSchema } from './pagination';
import { freeText, normaliseKey } from './text';
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
  /** Present for the buyer and admins only. */
  responseKeys: z.array(z.string()).optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** Non-empty lines of a keys text, cleaned as normaliseKey says: one per unit sold. */
export function keyLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map(normaliseKey)
    .filter((line) => line.length > 0);
}

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

export const ordersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  /** Managers and resellers: include their downline's orders. */
  showAll: booleanQuery.default(false),
  status: orderStatusSchema.optional(),
  /** Product name or buyer username. */
  search: z.string().trim().max(100).optional(),
  format: exportFormatSchema,
});

export const orderStatsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  completed: z.number().int(),
  rejected: z.number().int(),
  /** USD: sum of completed orders' totals. */
  revenue: z.number(),
});

export const orderListSchema = z.object({
  data: z.array(orderSchema),
  pagination: paginationSchema,
  stats: orderStatsSchema,
});
