import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  topupMethodListSchema,
  topupParams,
  topupSchema,
  v1CreateTopupSchema,
} from '@keymarket/contracts/topups';
import { authOf } from '../access/auth-context';
import type { TopupMethodsService } from './topup-methods.service';
import { createTopupExample, topupExample, topupMethodListExample } from './topups-v1-examples';
import type { TopupsService } from './topups.service';

/** As every v1 route: an API key, its owner authorised as a signed-in user would be. */
const byKey = { access: ['manager', 'reseller'], credentials: 'api-key' } as const;
const readByKey = { access: 'authenticated', credentials: 'api-key' } as const;
const security = [{ apiKey: [] }];
const tags = ['v1'];

/**
 * /api/v1 top-ups (DESIGN.md §13), so a bot can ask for money too: the same services as the web
 * routes, JSON only, a reference required (there is no proof file here).
 */
export const topupsV1Routes: FastifyPluginAsyncZod<{
  methods: TopupMethodsService;
  topups: TopupsService;
}> = async (app, { methods, topups }) => {
  app.get(
    '/topup-methods',
    {
      config: byKey,
      schema: {
        tags,
        security,
        summary: "List your funder's top-up methods",
        response: { 200: topupMethodListSchema.meta({ example: topupMethodListExample }) },
      },
    },
    (request) => methods.payable(authOf(request)),
  );

  app.post(
    '/topups',
    {
      config: byKey,
      schema: {
        tags,
        security,
        summary: 'Ask your funder for balance',
        description:
          'The amount is in the method’s currency; `creditAmount` in the answer is the USD it credits once approved. Methods that require a proof file cannot be used here.',
        body: v1CreateTopupSchema.meta({ example: createTopupExample }),
        response: { 201: topupSchema.meta({ example: topupExample }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await topups.request(authOf(request), request.body)),
  );

  app.get(
    '/topups/:id',
    {
      config: readByKey,
      schema: {
        tags,
        security,
        summary: 'One of your top-up requests',
        params: topupParams,
        response: { 200: topupSchema.meta({ example: topupExample }) },
      },
    },
    (request) => topups.get(authOf(request), request.params.id),
  );
};
