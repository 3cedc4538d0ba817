import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponseSchema } from '@keymarket/contracts/auth';
import {
  assignPackageSchema,
  managerPackageInputSchema,
  managerPackageListSchema,
  managerPackagePriceSchema,
  managerPackageSchema,
  packageAssigneeParamsSchema,
  packageAssignmentSchema,
} from '@keymarket/contracts/packages';
import { pageQuerySchema } from '@keymarket/contracts/pagination';
import { authOf } from '../access/auth-context';
import type { ManagerPackagesService } from './manager-packages.service';
import { messages } from '@keymarket/contracts/messages';

const packageParams = z.object({ id: z.uuid(messages.packageNotFound) });
const priceParams = packageParams.extend({ productId: z.uuid(messages.productNotFound) });
const manager = { access: ['manager'] } as const;
// Administrators may read every manager's packages.
const reader = { access: ['admin', 'manager'] } as const;

export const managerPackagesRoutes: FastifyPluginAsyncZod<{
  managerPackages: ManagerPackagesService;
}> = async (app, { managerPackages }) => {
  app.get(
    '/manager-packages/manager',
    {
      config: reader,
      schema: { querystring: pageQuerySchema, response: { 200: managerPackageListSchema } },
    },
    (request) => managerPackages.list(authOf(request), request.query),
  );

  app.post(
    '/manager-packages/manager',
    {
      config: manager,
      schema: { body: managerPackageInputSchema, response: { 201: managerPackageSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await managerPackages.create(authOf(request), request.body)),
  );

  app.get(
    '/manager-packages/manager/:id',
    { config: reader, schema: { params: packageParams, response: { 200: managerPackageSchema } } },
    (request) => managerPackages.get(authOf(request), request.params.id),
  );

  app.put(
    '/manager-packages/manager/:id',
    {
      config: manager,
      schema: {
        params: packageParams,
        body: managerPackageInputSchema,
        response: { 200: managerPackageSchema },
      },
    },
    (request) => managerPackages.replace(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/manager-packages/manager/:id',
    { config: manager, schema: { params: packageParams, response: { 200: okResponseSchema } } },
    (request) => managerPackages.delete(authOf(request), request.params.id),
  );

  app.patch(
    '/manager-packages/manager/:id/products/:productId/price',
    {
      config: manager,
      schema: {
        params: priceParams,
        body: managerPackagePriceSchema,
        response: { 200: managerPackageSchema },
      },
    },
    (request) =>
      managerPackages.setProductPrice(
        authOf(request),
        request.params.id,
        request.params.productId,
        request.body,
      ),
  );

  app.post(
    '/manager-packages/manager/assign/:userId',
    {
      config: manager,
      schema: {
        params: packageAssigneeParamsSchema,
        body: assignPackageSchema,
        response: { 200: packageAssignmentSchema },
      },
    },
    (request) => managerPackages.assign(authOf(request), request.params.userId, request.body),
  );
};
