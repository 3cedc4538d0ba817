import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@keymarket/contracts/auth';
import {
  createCurrencySchema,
  currencyListSchema,
  currencyParamsSchema,
  currencySchema,
  updateCurrencySchema,
} from '@keymarket/contracts/settings';
import { authOf } from '../access/auth-context';
import type { CurrenciesService } from './currencies.service';

export const currenciesRoutes: FastifyPluginAsyncZod<{ currencies: CurrenciesService }> = async (
  app,
  { currencies },
) => {
  app.get(
    '/currencies',
    { config: { access: 'authenticated' }, schema: { response: { 200: currencyListSchema } } },
    () => currencies.list(),
  );

  app.post(
    '/currencies/create',
    {
      config: { access: ['admin'] },
      schema: { body: createCurrencySchema, response: { 201: currencySchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await currencies.create(authOf(request), request.body)),
  );

  app.patch(
    '/currencies/:id',
    {
      config: { access: ['admin'] },
      schema: {
        params: currencyParamsSchema,
        body: updateCurrencySchema,
        response: { 200: currencySchema },
      },
    },
    (request) => currencies.updateRate(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/currencies/:id',
    {
      config: { access: ['admin'] },
      schema: { params: currencyParamsSchema, response: { 200: okResponseSchema } },
    },
    (request) => currencies.remove(authOf(request), request.params.id),
  );
};
