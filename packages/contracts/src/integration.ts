import { z } from './zod';
import { productListQuerySchema } from './catalogue';
import { orderStatusSchema } from './orders';
import { messages } from './messages';
import { pageQuerySchema, paginated } from './pagination';
import { freeText, nameText } from './text';

/** The integration API (DESIGN.md §9): API keys and what /api/v1 takes and answers. */

export const API_KEY_NAME_MAX = 60;
/** Active (not revoked) keys one user may hold. */
export const API_KEYS_ACTIVE_MAX = 10;
/** `km_` and 40 base62 characters (about 238 bits). */
export const API_KEY_PREFIX = 'km_';
export const API_KEY_RANDOM_LENGTH = 40;
/** What lists show of a key: its first characters, enough to tell keys apart, useless to call. */
export const API_KEY_SHOWN_PREFIX_LENGTH = 10;

/** The addresses one key may be restricted to (`allowedIps`). */
export const API_KEY_ALLOWED_IPS_MAX = 20;

/**
 * The eight 16-bit groups of an IPv6 address zod has already found valid, an IPv4 tail counted
 * as two: `0:0:0:0:0:FFFF:0:0`, `0::ffff:0.0.0.0` and `::ffff:0:0` are one address, three ways.
 */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Tail.slice(1).map(Number);
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) =>
    part ? part.split(':').map((group) => parseInt(group, 16)) : [];
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** Whether an entry (address or range) is IPv4-mapped IPv6 (`::ffff:0:0/96`), however written. */
function isIpv4Mapped(entry: string): boolean {
  const [address = ''] = entry.split('/');
  if (!address.includes(':')) return false;
  const groups = ipv6Groups(address);
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}

/** One address a key may call from: an IP address or a CIDR range, IPv4 or IPv6. */
export const allowedAddressSchema = z
  .string()
  .trim()
  .pipe(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: messages.apiKeyAddress }))
  // An IPv4 address written as IPv6 (`::ffff:203.0.113.7`, or `0::ffff:0:0/96` for all of
  // them) is written in its IPv4 form: one way to write it. The check never lets an IPv6 entry
  // admit an IPv4 caller anyway (`addressRule`), so such an entry would silently do nothing.
  .refine((address) => !isIpv4Mapped(address), messages.apiKeyAddressMapped)
  .refine((address) => !/\/0+$/.test(address), messages.apiKeyAddressEverything);

/**
 * Where a key may be used from; empty: anywhere. A key that leaks (a bot's code published, a
 * shop's server broken into) is then useless from anywhere else.
 */
export const allowedIpsSchema = z
  .array(allowedAddressSchema)
  .max(API_KEY_ALLOWED_IPS_MAX, messages.apiKeyAddressesMax)
  .transform((addresses) => [...new Set(addresses)]);

export const createApiKeySchema = z.strictObject({
  name: nameText({ error: messages.apiKeyNameRequired })
    .trim()
    .min(1, messages.apiKeyNameRequired)
    .max(API_KEY_NAME_MAX, `The name cannot exceed ${API_KEY_NAME_MAX} characters`),
  allowedIps: allowedIpsSchema.optional(),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** `PATCH /api/api-keys/{id}`: what may change of a key once made (its addresses). */
export const updateApiKeySchema = z.strictObject({ allowedIps: allowedIpsSchema });
export type UpdateApiKeyInput = z.input<typeof updateApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first characters (`km_` and 7 more). */
  prefix: z.string(),
  /** The addresses and ranges it may be used from; empty: any. */
  allowedIps: z.array(z.string()),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the only time the whole key is ever shown. */
export const createdApiKeySchema = apiKeySchema
  .pick({ id: true, name: true, prefix: true, allowedIps: true, createdAt: true })
  .extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

// /api/v1

/** GET /v1/products: pages of at most 100, the caller's prices, live products only. */
export const v1ProductsQuerySchema = pageQuerySchema.extend({
  search: productListQuerySchema.shape.search,
  categoryId: productListQuerySchema.shape.categoryId,
});

export const v1OrdersQuerySchema = pageQuerySchema.extend({
  status: orderStatusSchema.optional(),
});

/** GET /v1/balance, USD. */
export const v1BalanceSchema = z.object({ balance: z.number(), profit: z.number() });
export type V1Balance = z.infer<typeof v1BalanceSchema>;

// Webhooks

/** What a webhook can subscribe to; `ping` is what its test button sends. */
export const webhookEventTypes = [
  'order.created',
  'order.completed',
  'order.rejected',
  /** One delivered key replaced, or one unit refunded (DESIGN.md §11). */
  'order.key_replaced',
  'order.unit_refunded',
  'balance.credited',
  /**
   * A product the subscriber can buy changed for it: its price, deleted or restored, out of
   * stock or back in (DESIGN.md §14). `data: { product: { id }, changes }`: the subscriber reads
   * the product at its price with `GET /v1/products/{id}` (404 once deleted).
   */
  'product.changed',
  'ping',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
export const deliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

/** What `product.changed` says changed. */
export const productChangeKinds = [
  'price',
  'deleted',
  'restored',
  'out_of_stock',
  'in_stock',
] as const;
export type ProductChangeKind = (typeof productChangeKinds)[number];

/**
 * A webhook event as delivered (DESIGN.md §9), read by a platform that docked products of the
 * sender (DESIGN.md §14): `data` is read by the handler of its `type`.
 */
export const webhookEventBodySchema = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEventBody = z.infer<typeof webhookEventBodySchema>;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** Endpoints one user may hold. */
export const WEBHOOKS_MAX = 10;
/** Attempts of one delivery before it is failed (DESIGN.md §9). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/**
 * Test pings of one endpoint that may wait to be delivered at once: each that fails is tried
 * 8 times, so the button must not turn Keymarket into a way to flood someone else's URL.
 */
export const WEBHOOK_PENDING_PINGS_MAX = 3;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** `whsec_` and 32 base62 characters. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_RANDOM_LENGTH = 32;

const webhookUrl = z
  .string({ error: messages.webhookUrlRequired })
  .trim()
  .min(1, messages.webhookUrlRequired)
  .max(WEBHOOK_URL_MAX, `The URL cannot exceed ${WEBHOOK_URL_MAX} characters`)
  .regex(/^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+[^\s]*$/i, messages.webhookUrlFormat);

const webhookEvents = z
  .array(z.enum(webhookEventTypes, { error: 'Unknown event' }), {
    error: messages.webhookEventsRequired,
  })
  .min(1, messages.webhookEventsRequired)
  .transform((events) => [...new Set(events)]);

export const createWebhookSchema = z.strictObject({
  url: webhookUrl,
  events: webhookEvents,
  description: freeText()
    .trim()
    .max(
      WEBHOOK_DESCRIPTION_MAX,
      `The description cannot exceed ${WEBHOOK_DESCRIPTION_MAX} characters`,
    )
    .optional(),
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .strictObject({
    url: webhookUrl.optional(),
    events: webhookEvents.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  })
  // As PATCH /users/{id}: an empty change is a client's mistake (it reached an UPDATE with
  // nothing to set, a 500).
  .refine((input) => Object.keys(input).length > 0, 'Change at least one field');
export type UpdateWebhookInput = z.input<typeof updateWebhookSchema>;

export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(webhookEventTypes)),
  enabled: z.boolean(),
  createdAt: z.iso.datetime(),
  /** When it was turned off for failing every delivery for 24 hours (null otherwise). */
  disabledForFailuresAt: z.iso.datetime().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/**
 * The answer to a creation, or to a new secret (`POST /api/webhooks/{id}/secret`): the only times a
 * secret is shown.
 */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookListSchema = z.object({ data: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

export const deliveriesQuerySchema = pageQuerySchema.extend({
  status: z.enum(deliveryStatuses).optional(),
});

export const deliverySchema = z.object({
  id: z.uuid(),
  eventId: z.string(),
  event: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  deliveredAt: z.iso.datetime().nullable(),
  /** The body sent (the same for every attempt). */
  payload: z.unknown(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveryListSchema = paginated(deliverySchema);
export type DeliveryList = z.infer<typeof deliveryListSchema>;
