import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { balanceChangeResponseSchema, balanceChangeSchema } from '@keymarket/contracts/balance';
import { authOf } from '../access/auth-context';
import type { BalanceService } from './balance.service';
import { messages } from '@keymarket/contracts/messages';

const params = z.object({ id: z.uuid(messages.userNotFound) });

export const balanceRoutes: FastifyPluginAsyncZod<{ balance: BalanceService }> = async (
  app,
  { balance },
) => {
  app.post(
    '/balance/:id/add',
    {
      config: { access: 'authenticated' },
      schema: { params, body: balanceChangeSchema, response: { 200: balanceChangeResponseSchema } },
    },
    (request) => balance.add(authOf(request), request.params.id, request.body),
  );

  app.post(
    '/balance/:id/remove',
    {
      config: { access: ['admin'] },
      schema: { params, body: balanceChangeSchema, response: { 200: balanceChangeResponseSchema } },
    },
    (request) => balance.remove(authOf(request), request.params.id, request.body),
  );
};
