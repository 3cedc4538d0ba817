import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponseSchema } from '@keymarket/contracts/auth';
import {
  assignPackageSchema,
  packageAssigneeParamsSchema,
  packageAssignmentSchema,
  packageInputSchema,
  packageListSchema,
  packagePriceSchema,
  packageSchema,
} from '@keymarket/contracts/packages';
import { pageQuerySchema } from '@keymarket/contracts/pagination';
import { authOf } from '../access/auth-context';
import type { PackagesService } from './packages.service';
import { messages } from '@keymarket/contracts/messages';

const packageParams = z.object({ id: z.uuid(messages.packageNotFound) });
const priceParams = z.object({
  packageId: z.uuid(messages.packageNotFound),
  productId: z.uuid(messages.productNotFound),
});
const admin = { access: ['admin'] } as const;

export const packagesRoutes: FastifyPluginAsyncZod<{ packages: PackagesService }> = async (
  app,
  { packages },
) => {
  app.get(
    '/packages',
    {
      config: admin,
      schema: { querystring: pageQuerySchema, response: { 200: packageListSchema } },
    },
    (request) => packages.list(authOf(request), request.query),
  );

  app.post(
    '/packages',
    { config: admin, schema: { body: packageInputSchema, response: { 201: packageSchema } } },
    async (request, reply) =>
      reply.status(201).send(await packages.create(authOf(request), request.body)),
  );

  app.get(
    '/packages/:id',
    { config: admin, schema: { params: packageParams, response: { 200: packageSchema } } },
    (request) => packages.get(authOf(request), request.params.id),
  );

  app.put(
    '/packages/:id',
    {
      config: admin,
      schema: { params: packageParams, body: packageInputSchema, response: { 200: packageSchema } },
    },
    (request) => packages.replace(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/packages/:id',
    { config: admin, schema: { params: packageParams, response: { 200: okResponseSchema } } },
    (request) => packages.delete(authOf(request), request.params.id),
  );

  app.post(
    '/packages/assign/:userId',
    {
      config: admin,
      schema: {
        params: packageAssigneeParamsSchema,
        body: assignPackageSchema,
        response: { 200: packageAssignmentSchema },
      },
    },
    (request) => packages.assign(authOf(request), request.params.userId, request.body),
  );

  app.patch(
    '/packages/:packageId/products/:productId/price',
    {
      config: admin,
      schema: { params: priceParams, body: packagePriceSchema, response: { 200: packageSchema } },
    },
    (request) =>
      packages.setProductPrice(
        authOf(request),
        request.params.packageId,
        request.params.productId,
        request.body,
      ),
  );
};
