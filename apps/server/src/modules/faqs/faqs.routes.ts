import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@keymarket/contracts/auth';
import {
  faqInputSchema,
  faqListSchema,
  faqParamsSchema,
  faqSchema,
} from '@keymarket/contracts/settings';
import { authOf } from '../access/auth-context';
import type { FaqsService } from './faqs.service';

const admin = { access: ['admin'] } as const;

export const faqsRoutes: FastifyPluginAsyncZod<{ faqs: FaqsService }> = async (app, { faqs }) => {
  app.get(
    '/faqs',
    { config: { access: 'public' }, schema: { response: { 200: faqListSchema } } },
    () => faqs.list(),
  );

  app.post(
    '/faqs',
    { config: admin, schema: { body: faqInputSchema, response: { 201: faqSchema } } },
    async (request, reply) =>
      reply.status(201).send(await faqs.create(authOf(request), request.body)),
  );

  app.put(
    '/faqs/:id',
    {
      config: admin,
      schema: { params: faqParamsSchema, body: faqInputSchema, response: { 200: faqSchema } },
    },
    (request) => faqs.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/faqs/:id',
    { config: admin, schema: { params: faqParamsSchema, response: { 200: okResponseSchema } } },
    (request) => faqs.remove(authOf(request), request.params.id),
  );
};
