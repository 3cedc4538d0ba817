import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  lastReconciliationSchema,
  reconciliationSchema,
} from '@keymarket/contracts/reconciliation';
import { authOf } from '../access/auth-context';
import type { ReconciliationService } from './reconciliation.service';

export const reconciliationRoutes: FastifyPluginAsyncZod<{
  reconciliation: ReconciliationService;
}> = async (app, { reconciliation }) => {
  /** Runs every check now (a read of the whole database) and answers it; stores nothing. */
  app.get(
    '/admin/reconciliation',
    {
      config: { access: ['admin'] },
      schema: { response: { 200: reconciliationSchema } },
    },
    (request) => reconciliation.check(authOf(request)),
  );

  /**
   * Runs every check now and stores the result as the last one (the dashboard's "Run now"): a
   * write, so a POST, which the cross-origin guard covers.
   */
  app.post(
    '/admin/reconciliation',
    {
      config: { access: ['admin'] },
      schema: { response: { 200: reconciliationSchema } },
    },
    (request) => reconciliation.run(authOf(request)),
  );

  /** The last result stored, by this route or `npm run reconcile`, for the dashboard. */
  app.get(
    '/admin/reconciliation/last',
    {
      config: { access: ['admin'] },
      schema: { response: { 200: lastReconciliationSchema } },
    },
    (request) => reconciliation.last(authOf(request)),
  );
};
