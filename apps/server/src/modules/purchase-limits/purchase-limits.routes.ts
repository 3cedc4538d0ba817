import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@keymarket/contracts/messages';
import {
  myLimitsQuerySchema,
  myLimitsSchema,
  setUserLimitsSchema,
} from '@keymarket/contracts/purchase-limits';
import { userSummarySchema } from '@keymarket/contracts/users-admin';
import type { Database } from '../../db/client';
import { authOf } from '../access/auth-context';
import { userSummaryView } from '../users/user-summary';
import { summaryRowOf } from '../users/users-admin.repository';
import { PurchaseLimitsService } from './purchase-limits.service';

const idParams = z.object({ id: z.uuid(messages.userNotFound) });

/** Purchase limits: set on an invitee, read back by the buyer (docs/adr/0062-purchase-limits.md). */
export const purchaseLimitsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  const limits = new PurchaseLimitsService(db);

  app.put(
    '/users/:id/limits',
    {
      config: { access: ['admin', 'manager', 'reseller'] },
      schema: {
        tags: ['users'],
        summary: "Set an invitee's purchase limits (its inviter, or an administrator for anyone)",
        description:
          'A daily spending cap in USD and the most units in one order; null removes one. The day is a UTC day. Audited as user.limits_set. An order over a limit is refused 409 limit_exceeded, its message.limit naming the limit and when it resets.',
        params: idParams,
        body: setUserLimitsSchema,
        response: { 200: userSummarySchema },
      },
    },
    async (request) => {
      await limits.setForUser(authOf(request), request.params.id, request.body);
      const row = await summaryRowOf(db, request.params.id);
      if (!row) throw new Error(`User ${request.params.id} has no summary`);
      return userSummaryView(row);
    },
  );

  app.get(
    '/users/me/limits',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: "The caller's purchase allowance left today, and a product's with productId",
        description: 'Daily limits reset at 00:00 UTC (resetsAt).',
        querystring: myLimitsQuerySchema,
        response: { 200: myLimitsSchema },
      },
    },
    (request) => limits.mine(authOf(request), request.query.productId),
  );
};
