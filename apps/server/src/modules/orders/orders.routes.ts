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
import { sendCsv } from '../../lib/csv';
import { authOf } from '../access/auth-context';
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

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (
  app,
  { orders },
) => {
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
};
