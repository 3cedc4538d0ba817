import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createOrderSchema,
  IDEMPOTENCY_KEY_MAX,
  orderListSchema,
  orderStatsSchema,
  orderSchema,
  ordersQuerySchema,
  respondOrderSchema,
} from '@keymarket/contracts/orders';
import {
  bulkCompleteSchema,
  bulkPreviewSchema,
  bulkRejectSchema,
  bulkResultSchema,
} from '@keymarket/contracts/bulk-fulfilment';
import { sendCsv } from '../../lib/csv';
import { authOf } from '../access/auth-context';
import type { BulkFulfilment } from './bulk-fulfilment';
import type { OrdersService, PlacedOrder } from './orders.service';
import { messages } from '@keymarket/contracts/messages';

const idParams = z.object({ id: z.uuid(messages.orderNotFound) });
const orderHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX, `Idempotency-Key cannot exceed ${IDEMPOTENCY_KEY_MAX} characters`)
    .optional(),
});

/** The answer of POST /orders and POST /v1/orders alike: 201 the order, and whether it is a replay. */
export function sendPlacedOrder(reply: FastifyReply, placed: PlacedOrder) {
  if (placed.replayed) void reply.header('idempotent-replayed', 'true');
  return reply.status(201).send(placed.body);
}

// A bulk CSV of 1,000,000 characters, escaped in JSON, is past the app's 1 MB limit.
const BULK_BODY_LIMIT = 4 * 1024 * 1024;

export const ordersRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  bulk: BulkFulfilment;
}> = async (app, { orders, bulk }) => {
  app.post(
    '/orders',
    {
      config: { access: ['manager', 'reseller'] },
      schema: { headers: orderHeaders, body: createOrderSchema, response: { 201: orderSchema } },
    },
    async (request, reply) =>
      sendPlacedOrder(
        reply,
        await orders.place(authOf(request), request.body, request.headers['idempotency-key']),
      ),
  );

  app.get(
    '/orders/all',
    {
      config: { access: 'authenticated' },
      schema: { querystring: ordersQuerySchema, response: { 200: orderListSchema } },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') {
        return sendCsv(reply, 'orders', orders.export(authOf(request), request.query));
      }
      return orders.list(authOf(request), request.query);
    },
  );

  app.get(
    '/orders/all/stats',
    {
      config: { access: 'authenticated' },
      schema: { querystring: ordersQuerySchema, response: { 200: orderStatsSchema } },
    },
    (request) => orders.stats(authOf(request), request.query),
  );

  app.get(
    '/orders/:id',
    {
      config: { access: 'authenticated' },
      schema: { params: idParams, response: { 200: orderSchema } },
    },
    (request) => orders.get(authOf(request), request.params.id),
  );

  app.patch(
    '/orders/:id/respond',
    {
      config: { access: 'authenticated' },
      schema: { params: idParams, body: respondOrderSchema, response: { 200: orderSchema } },
    },
    (request) => orders.respond(authOf(request), request.params.id, request.body),
  );

  app.post(
    '/orders/bulk-complete/preview',
    {
      config: { access: ['admin'] },
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        summary: 'Preview completing pending orders from a CSV (administrators)',
        body: bulkCompleteSchema,
        response: { 200: bulkPreviewSchema },
      },
    },
    (request) => bulk.preview(authOf(request), request.body.csv),
  );

  app.post(
    '/orders/bulk-complete',
    {
      config: { access: ['admin'] },
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        summary: 'Complete pending orders from a CSV, each on its own (administrators)',
        body: bulkCompleteSchema,
        response: { 200: bulkResultSchema },
      },
    },
    (request) => bulk.complete(authOf(request), request.body.csv),
  );

  app.post(
    '/orders/bulk-reject',
    {
      config: { access: ['admin'] },
      schema: {
        summary: 'Reject pending orders with one reason, each refunded (administrators)',
        body: bulkRejectSchema,
        response: { 200: bulkResultSchema },
      },
    },
    (request) => bulk.reject(authOf(request), request.body.orderIds, request.body.reason),
  );
};
