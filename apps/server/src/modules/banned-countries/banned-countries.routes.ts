import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@keymarket/contracts/auth';
import {
  banCountrySchema,
  bannedCountryListSchema,
  bannedCountryParamsSchema,
  bannedCountrySchema,
} from '@keymarket/contracts/settings';
import { authOf } from '../access/auth-context';
import type { BannedCountriesService } from './banned-countries.service';

const admin = { access: ['admin'] } as const;

export const bannedCountriesRoutes: FastifyPluginAsyncZod<{
  bannedCountries: BannedCountriesService;
}> = async (app, { bannedCountries }) => {
  app.get(
    '/banned-countries/banned',
    { config: admin, schema: { response: { 200: bannedCountryListSchema } } },
    () => bannedCountries.list(),
  );

  app.post(
    '/banned-countries/ban',
    {
      config: admin,
      schema: { body: banCountrySchema, response: { 201: bannedCountrySchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await bannedCountries.ban(authOf(request), request.body.countryCode)),
  );

  app.delete(
    '/banned-countries/unban/:id',
    {
      config: admin,
      schema: { params: bannedCountryParamsSchema, response: { 200: okResponseSchema } },
    },
    (request) => bannedCountries.unban(authOf(request), request.params.id),
  );
};
