import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUpstreamSchema,
  dockedProductsSchema,
  dockProductsSchema,
  updateUpstreamSchema,
  upstreamCatalogueQuerySchema,
  upstreamCatalogueSchema,
  upstreamListSchema,
  upstreamPurchaseListSchema,
  upstreamPurchasesQuerySchema,
  upstreamSchema,
  upstreamTestSchema,
  updateDockedProductSchema,
} from '@keymarket/contracts/upstreams';
import { messages } from '@keymarket/contracts/messages';
import { authOf } from '../access/auth-context';
import type { UpstreamsService } from './upstreams.service';

const admin = { access: ['admin'] } as const;
const upstreamParams = z.object({ id: z.uuid('Supplier not found') });
const orderParams = z.object({ id: z.uuid(messages.orderNotFound) });
const productParams = z.object({ id: z.uuid(messages.productNotFound) });

/** Suppliers (DESIGN.md §14): administrators only. */
export const upstreamsRoutes: FastifyPluginAsyncZod<{ upstreams: UpstreamsService }> = async (
  app,
  { upstreams },
) => {
  app.get(
    '/upstreams',
    { config: admin, schema: { response: { 200: upstreamListSchema } } },
    (request) => upstreams.list(authOf(request)),
  );

  app.post(
    '/upstreams',
    { config: admin, schema: { body: createUpstreamSchema, response: { 201: upstreamSchema } } },
    async (request, reply) =>
      reply.status(201).send(await upstreams.create(authOf(request), request.body)),
  );

  app.get(
    '/upstreams/:id',
    { config: admin, schema: { params: upstreamParams, response: { 200: upstreamSchema } } },
    (request) => upstreams.get(authOf(request), request.params.id),
  );

  app.patch(
    '/upstreams/:id',
    {
      config: admin,
      schema: {
        params: upstreamParams,
        body: updateUpstreamSchema,
        response: { 200: upstreamSchema },
      },
    },
    (request) => upstreams.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/upstreams/:id',
    { config: admin, schema: { params: upstreamParams } },
    async (request, reply) => {
      await upstreams.remove(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/upstreams/:id/test',
    { config: admin, schema: { params: upstreamParams, response: { 200: upstreamTestSchema } } },
    (request) => upstreams.test(authOf(request), request.params.id),
  );

  app.post(
    '/upstreams/:id/sync',
    { config: admin, schema: { params: upstreamParams, response: { 200: upstreamSchema } } },
    (request) => upstreams.syncNow(authOf(request), request.params.id),
  );

  app.get(
    '/upstreams/:id/catalogue',
    {
      config: admin,
      schema: {
        params: upstreamParams,
        querystring: upstreamCatalogueQuerySchema,
        response: { 200: upstreamCatalogueSchema },
      },
    },
    (request) => upstreams.catalogue(authOf(request), request.params.id, request.query),
  );

  app.post(
    '/upstreams/:id/products',
    {
      config: admin,
      schema: {
        params: upstreamParams,
        body: dockProductsSchema,
        response: { 201: dockedProductsSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await upstreams.dock(authOf(request), request.params.id, request.body)),
  );

  app.get(
    '/upstreams/purchases',
    {
      config: admin,
      schema: {
        querystring: upstreamPurchasesQuerySchema,
        response: { 200: upstreamPurchaseListSchema },
      },
    },
    (request) => upstreams.purchaseList(authOf(request), request.query),
  );

  app.post(
    '/upstreams/purchases/:id/retry',
    { config: admin, schema: { params: orderParams } },
    async (request, reply) => {
      await upstreams.retryPurchase(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/upstreams/docked-products/:id',
    {
      config: admin,
      schema: { params: productParams, body: updateDockedProductSchema },
    },
    async (request, reply) => {
      await upstreams.updateDocked(authOf(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );
};
