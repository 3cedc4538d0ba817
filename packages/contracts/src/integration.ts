import { z } from './zod';
import { productListQuerySchema } from './catalogue';
import { orderStatusSchema } from './orders';
import { pageQuerySchema } from './pagination';
import { nameText } from './text';

/** The integration API (DESIGN.md §9): API keys and what /api/v1 takes and answers. */

export const API_KEY_NAME_MAX = 60;
/** Active (not revoked) keys one user may hold. */
export const API_KEYS_ACTIVE_MAX = 10;
/** `km_` and 40 base62 characters (about 238 bits). */
export const API_KEY_PREFIX = 'km_';
export const API_KEY_RANDOM_LENGTH = 40;
/** What lists show of a key: its first characters, enough to tell keys apart, useless to call. */
export const API_KEY_SHOWN_PREFIX_LENGTH = 10;

export const createApiKeySchema = z.strictObject({
  name: nameText({ error: 'Give the key a name' })
    .trim()
    .min(1, 'Give the key a name')
    .max(API_KEY_NAME_MAX, `The name cannot exceed ${API_KEY_NAME_MAX} characters`),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first characters (`km_` and 7 more). */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the only time the whole key is ever shown. */
export const createdApiKeySchema = apiKeySchema
  .pick({ id: true, name: true, prefix: true, createdAt: true })
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
