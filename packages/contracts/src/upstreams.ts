import { z } from './zod';
import { deliveryTypeSchema, productListSchema } from './catalogue';
import { v1ProductsQuerySchema } from './integration';
import { nonNegativeUsdAmount, positiveUsdAmount } from './money';
import { createOrderSchema } from './orders';
import { pageQuerySchema, paginated } from './pagination';
import { nameText, searchText } from './text';

/**
 * Supply from upstream (DESIGN.md §14): another Keymarket on which this platform holds an
 * account and an API key, whose products are docked here with a markup and bought there per
 * order, exactly once.
 */

export const UPSTREAM_NAME_MAX = 80;
export const UPSTREAM_URL_MAX = 2048;
export const UPSTREAM_API_KEY_MAX = 200;
/** Products docked in one request. */
export const DOCK_MAX = 100;
/** A markup above 1000 % is a typo. */
export const MARKUP_PERCENT_MAX = 1000;

export const upstreamStatuses = ['unknown', 'ok', 'failing'] as const;
export type UpstreamStatus = (typeof upstreamStatuses)[number];

const name = nameText({ error: 'Enter a name' })
  .trim()
  .min(1, 'Enter a name')
  .max(UPSTREAM_NAME_MAX, `The name cannot exceed ${UPSTREAM_NAME_MAX} characters`);
const baseUrl = z
  .url({ error: "Enter the upstream's address, e.g. https://supplier.example" })
  .max(UPSTREAM_URL_MAX, `The address cannot exceed ${UPSTREAM_URL_MAX} characters`);
const apiKey = z
  .string({ error: 'Enter the API key the upstream gave this platform' })
  .trim()
  .min(10, 'Enter the API key the upstream gave this platform')
  .max(UPSTREAM_API_KEY_MAX, `The API key cannot exceed ${UPSTREAM_API_KEY_MAX} characters`);
const lowBalanceAlert = nonNegativeUsdAmount.nullable();

/** POST /upstreams (admin). The key is sealed and never shown again. */
export const createUpstreamSchema = z.strictObject({
  name,
  baseUrl,
  apiKey,
  lowBalanceAlert: lowBalanceAlert.optional(),
});
export type CreateUpstreamInput = z.input<typeof createUpstreamSchema>;

/** PATCH /upstreams/{id}: any of them; a new `apiKey` replaces the sealed one. */
export const updateUpstreamSchema = z
  .strictObject({
    name: name.optional(),
    baseUrl: baseUrl.optional(),
    apiKey: apiKey.optional(),
    lowBalanceAlert: lowBalanceAlert.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type UpdateUpstreamInput = z.input<typeof updateUpstreamSchema>;

export const upstreamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  baseUrl: z.string(),
  status: z.enum(upstreamStatuses),
  /** This platform's balance there, USD, as last read; null before the first read. */
  balance: z.number().nullable(),
  lowBalanceAlert: z.number().nullable(),
  lastSyncAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
  dockedProducts: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type Upstream = z.infer<typeof upstreamSchema>;
export const upstreamListSchema = z.object({ data: z.array(upstreamSchema) });

/** POST /upstreams/{id}/test: reads the upstream's /v1/balance with the sealed key. */
export const upstreamTestSchema = z.object({
  ok: z.boolean(),
  balance: z.number().nullable(),
  error: z.string().nullable(),
});
export type UpstreamTest = z.infer<typeof upstreamTestSchema>;

/** GET /upstreams/{id}/catalogue: the upstream's products at this platform's price there. */
export const upstreamCatalogueQuerySchema = pageQuerySchema.extend({
  search: searchText().max(100).optional(),
});
export const upstreamCatalogueItemSchema = z.object({
  upstreamProductId: z.uuid(),
  name: z.string(),
  deliveryType: deliveryTypeSchema,
  /** What this platform pays there: the cost of a docked product. */
  price: z.number(),
  stockQuantity: z.number().int(),
  /** The local product docked from it, if any. */
  productId: z.uuid().nullable(),
});
export type UpstreamCatalogueItem = z.infer<typeof upstreamCatalogueItemSchema>;
export const upstreamCatalogueSchema = paginated(upstreamCatalogueItemSchema);

/** A percentage with at most 2 decimals, 0 to MARKUP_PERCENT_MAX. */
const markupPercent = z
  .number({ error: 'The markup must be a number' })
  .min(0, 'The markup cannot be negative')
  .max(MARKUP_PERCENT_MAX, `The markup cannot exceed ${MARKUP_PERCENT_MAX} %`)
  .refine(
    (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
    {
      message: 'The markup has at most 2 decimals',
    },
  );

/** POST /upstreams/{id}/products: dock these upstream products into a category. */
/**
 * What a refusal of the supplier that will not change does to a docked product's order: `refund`
 * the buyer at once, or `wait`: the order stays pending as a backorder, bought again every
 * 10 minutes for 24 hours, then refunded (DESIGN.md §14).
 */
export const upstreamFailureModes = ['refund', 'wait'] as const;
export const upstreamFailureModeSchema = z.enum(upstreamFailureModes, {
  error: 'onUpstreamFailure is refund or wait',
});
export type UpstreamFailureMode = z.infer<typeof upstreamFailureModeSchema>;

export const dockProductsSchema = z.strictObject({
  upstreamProductIds: z
    .array(z.uuid('Choose products of the upstream'), { error: 'Choose products of the upstream' })
    .min(1, 'Choose at least one product')
    .max(DOCK_MAX, `Dock at most ${DOCK_MAX} products at once`),
  categoryId: z.uuid('Choose a category'),
  subcategoryId: z.uuid().nullable().optional(),
  markupPercent,
  markupFixed: nonNegativeUsdAmount,
  onUpstreamFailure: upstreamFailureModeSchema.default('refund'),
});
export type DockProductsInput = z.input<typeof dockProductsSchema>;
/** `PATCH /upstreams/docked-products/{productId}`: a docked product's choice on a refusal. */
export const updateDockedProductSchema = z.strictObject({
  onUpstreamFailure: upstreamFailureModeSchema,
});
export type UpdateDockedProductInput = z.input<typeof updateDockedProductSchema>;

export const dockedProductsSchema = z.object({
  docked: z.array(z.object({ upstreamProductId: z.uuid(), productId: z.uuid() })),
});

/**
 * The price a markup gives (DESIGN.md §14): cost × (1 + percent/100) + fixed, rounded to the
 * cent (half up). In cents, so the web's preview and the server agree to the cent.
 */
export function markedUpCents(costCents: bigint, markupBasisPoints: number, fixedCents: bigint) {
  return (costCents * (10_000n + BigInt(markupBasisPoints)) + 5_000n) / 10_000n + fixedCents;
}

/** A percentage as hundredths of a percent (12.5 → 1250). */
export const basisPointsOf = (percent: number) => Math.round(percent * 100);

/** Admins: how a docked order is being bought upstream (on the order, `upstream`). */
export { orderUpstreamSchema as upstreamOrderInfoSchema } from './orders';
export type { OrderUpstream as UpstreamOrderInfo } from './orders';

// /api/v1 additions

/**
 * POST /v1/orders: `maxUnitPrice` refuses the order (409 `price_changed`) when the caller's unit
 * price is now above it, so a downstream platform never buys above the cost it sold at.
 */
export const v1CreateOrderSchema = createOrderSchema.extend({
  maxUnitPrice: positiveUsdAmount.optional(),
});
export type V1CreateOrderInput = z.input<typeof v1CreateOrderSchema>;

/**
 * GET /v1/products?updatedSince=: the products changed since then (their row edited, deleted or
 * restored), oldest change first, for a downstream's poll; `deletedIds` names those deleted.
 */
export const v1ProductsChangesQuerySchema = v1ProductsQuerySchema.extend({
  updatedSince: z.iso
    .datetime({ offset: true, error: 'updatedSince must be a date and time (ISO 8601)' })
    .transform((v) => new Date(v))
    .optional(),
});
export const v1ProductListSchema = productListSchema.extend({
  deletedIds: z.array(z.uuid()).optional(),
});

/** GET /upstreams/purchases (admin): docked orders as bought upstream, newest first. */
export const upstreamPurchasesQuerySchema = pageQuerySchema.extend({
  status: z.enum(['pending', 'completed', 'rejected']).optional(),
});
export const upstreamPurchaseSchema = z.object({
  orderId: z.uuid(),
  productName: z.string(),
  quantity: z.number().int(),
  buyer: z.string(),
  upstream: z.object({ id: z.uuid(), name: z.string() }),
  /** The upstream's order id: the reference to quote to the supplier. */
  upstreamOrderId: z.uuid().nullable(),
  unitCost: z.number(),
  status: z.enum(['pending', 'completed', 'rejected']),
  lastError: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type UpstreamPurchase = z.infer<typeof upstreamPurchaseSchema>;
export const upstreamPurchaseListSchema = paginated(upstreamPurchaseSchema);

/**
 * GET /upstreams/docked-products (admin): where each docked product comes from, for the products
 * screen (DESIGN.md §14: docked products show their source).
 */
export const dockedProductSourceSchema = z.object({
  productId: z.uuid(),
  upstream: z.object({ id: z.uuid(), name: z.string() }),
  upstreamProductId: z.uuid(),
  /** Hidden from buyers since then, and why (docs/suppliers.md, sync). */
  pausedAt: z.iso.datetime().nullable(),
  pauseReason: z.string().nullable(),
});
export type DockedProductSource = z.infer<typeof dockedProductSourceSchema>;
export const dockedProductSourceListSchema = z.object({ data: z.array(dockedProductSourceSchema) });
