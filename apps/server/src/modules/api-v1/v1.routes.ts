import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productSchema } from '@keymarket/contracts/catalogue';
import {
  createdWebhookSchema,
  createWebhookSchema,
  v1BalanceSchema,
  v1OrdersQuerySchema,
  webhookListSchema,
  type Webhook,
} from '@keymarket/contracts/integration';
import {
  v1CreateOrderSchema,
  v1ProductListSchema,
  v1ProductsChangesQuerySchema,
} from '@keymarket/contracts/upstreams';
import { messages } from '@keymarket/contracts/messages';
import { IDEMPOTENCY_KEY_MAX, orderSchema } from '@keymarket/contracts/orders';
import type { Database } from '../../db/client';
import { paginated } from '@keymarket/contracts/pagination';
import { authOf } from '../access/auth-context';
import {
  balanceExample,
  createOrderExample,
  orderExample,
  orderListExample,
  productExample,
  productListExample,
} from './v1-examples';
import type { BalanceService } from '../balance/balance.service';
import type { OrdersService } from '../orders/orders.service';
import { sendPlacedOrder } from '../orders/orders.routes';
import type { ProductsService } from '../products/products.service';
import { productChangesSince } from '../upstreams/product-changes';
import type { WebhooksService } from '../webhooks/webhooks.service';

/** Every v1 route: an API key, its owner authorised as a signed-in user would be. */
const byKey = { access: 'authenticated', credentials: 'api-key' } as const;
const security = [{ apiKey: [] }];
const tags = ['v1'];

const IDEMPOTENCY_KEY_REQUIRED =
  'Send an Idempotency-Key header (any unique string, e.g. a UUID) so a retried order is placed once';
const orderHeaders = z.object({
  'idempotency-key': z
    .string({ error: IDEMPOTENCY_KEY_REQUIRED })
    .trim()
    .min(1, IDEMPOTENCY_KEY_REQUIRED)
    .max(IDEMPOTENCY_KEY_MAX, `Idempotency-Key cannot exceed ${IDEMPOTENCY_KEY_MAX} characters`),
});
const productParams = z.object({ id: z.uuid(messages.productNotFound) });
const orderParams = z.object({ id: z.uuid(messages.orderNotFound) });
const webhookParams = z.object({ id: z.uuid(messages.webhookNotFound) });

/**
 * The integration API (DESIGN.md §9) for shops and bots. Each route calls the service the web's
 * route calls, so an order placed here takes the same money path as one placed in the web app.
 */
export const v1Routes: FastifyPluginAsyncZod<{
  products: ProductsService;
  orders: OrdersService;
  balance: BalanceService;
  webhooks: WebhooksService;
  db: Database;
}> = async (app, { products, orders, balance, webhooks, db }) => {
  app.get(
    '/products',
    {
      config: byKey,
      schema: {
        tags,
        security,
        summary: 'List products at your prices',
        description:
          'Live products with `price` (what you pay) and `stockQuantity`, 10 a page by default and at most 100. `search` matches the name; `categoryId` keeps one category. With `updatedSince` (ISO 8601), the products changed since then instead (edited, deleted or restored), oldest change first, the deleted ones by id in `deletedIds`: what a platform that docked them polls.',
        querystring: v1ProductsChangesQuerySchema,
        response: { 200: v1ProductListSchema.meta({ example: productListExample }) },
      },
    },
    (request) => {
      const { updatedSince, ...query } = request.query;
      return updatedSince
        ? productChangesSince(db, products, authOf(request), { ...query, updatedSince })
        : products.list(authOf(request), { ...query, deleted: 'exclude' });
    },
  );

  app.get(
    '/products/:id',
    {
      config: byKey,
      schema: {
        tags,
        security,
        summary: 'One product at your price',
        params: productParams,
        response: { 200: productSchema.meta({ example: productExample }) },
      },
    },
    (request) => products.get(authOf(request), request.params.id),
  );

  app.get(
    '/balance',
    {
      config: byKey,
      schema: {
        tags,
        security,
        summary: 'Your balance and profit',
        description: 'Both in USD. `profit` is what your downline earned you, not yet converted.',
        response: { 200: v1BalanceSchema.meta({ example: balanceExample }) },
      },
    },
    (request) => balance.own(authOf(request)),
  );

  app.post(
    '/orders',
    {
      config: byKey,
      schema: {
        tags,
        security,
        summary: 'Place an order',
        description:
          'Debits `quantity × price` from your balance. An instant product answers `completed` with its keys in `responseKeys`; a request product answers `pending`. The `Idempotency-Key` header is required: the same key with the same body within 24 hours answers the first order again (header `Idempotent-Replayed: true`) and changes nothing; with another body it is a 409. `maxUnitPrice` (optional, USD) refuses the order with 409 `price_changed` when your price is now above it.',
        headers: orderHeaders,
        body: v1CreateOrderSchema.meta({ example: createOrderExample }),
        response: { 201: orderSchema.meta({ example: orderExample }) },
      },
    },
    async (request, reply) =>
      sendPlacedOrder(
        reply,
        await orders.place(authOf(request), request.body, request.headers['idempotency-key']),
      ),
  );

  app.get(
    '/orders',
    {
      config: byKey,
      schema: {
        tags,
        security,
        summary: 'Your orders',
        description: 'Newest first; `status` keeps one status.',
        querystring: v1OrdersQuerySchema,
        response: { 200: paginated(orderSchema).meta({ example: orderListExample }) },
      },
    },
    (request) => orders.listOwn(authOf(request), request.query),
  );

  app.get(
    '/orders/:id',
    {
      config: byKey,
      schema: {
        tags,
        security,
        summary: 'One of your orders',
        description: 'Its keys are in `responseKeys` once it is delivered (`completed`).',
        params: orderParams,
        response: { 200: orderSchema.meta({ example: orderExample }) },
      },
    },
    (request) => orders.getOwn(authOf(request), request.params.id),
  );

  // What the reference (/api/docs) shows for the webhook calls: typed, so it stays true.
  const webhookExample: Webhook = {
    id: '3b9d6c1e-2f4a-4e8b-9c7d-1a2b3c4d5e6f',
    url: 'https://shop.example.com/keymarket/events',
    description: 'Docked catalogue',
    events: ['product.changed', 'order.completed'],
    enabled: true,
    createdAt: '2026-10-01T08:00:00.000Z',
    disabledForFailuresAt: null,
  };
  const secret = 'whsec_3f1c9a7e5b2d4f6a8c0e1b3d5f7a9c2e';

  // Webhooks, for a program that subscribes itself: a platform docking products here subscribes
  // to `product.changed` and its orders' events when it adds this one as its supplier.
  app.post(
    '/webhooks',
    {
      config: byKey,
      schema: {
        tags,
        security,
        summary: 'Subscribe a URL to events',
        description:
          'As `POST /api/webhooks` in the web app: the answer holds the signing `secret`, shown only this once. Deliveries are signed (`Keymarket-Signature`, docs/api.md).',
        body: createWebhookSchema,
        response: { 201: createdWebhookSchema.meta({ example: { ...webhookExample, secret } }) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await webhooks.create(authOf(request), request.body)),
  );

  app.get(
    '/webhooks',
    {
      config: byKey,
      schema: {
        tags,
        security,
        summary: 'Your webhook endpoints',
        response: { 200: webhookListSchema.meta({ example: { data: [webhookExample] } }) },
      },
    },
    (request) => webhooks.list(authOf(request)),
  );

  app.delete(
    '/webhooks/:id',
    {
      config: byKey,
      schema: {
        tags,
        security,
        summary: 'Remove a webhook endpoint',
        params: webhookParams,
        response: { 204: z.null().meta({ description: 'Removed', example: null }) },
      },
    },
    async (request, reply) => {
      await webhooks.remove(authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
