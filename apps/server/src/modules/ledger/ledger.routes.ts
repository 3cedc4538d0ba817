import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerListSchema, ledgerQuerySchema } from '@keymarket/contracts/ledger';
import { sendCsv } from '../../lib/csv';
import { authOf } from '../access/auth-context';
import type { LedgerService } from './ledger.service';

export const ledgerRoutes: FastifyPluginAsyncZod<{ ledger: LedgerService }> = async (
  app,
  { ledger },
) => {
  app.get(
    '/ledger',
    {
      config: { access: 'authenticated' },
      schema: { querystring: ledgerQuerySchema, response: { 200: ledgerListSchema } },
    },
    async (request, reply) => {
      const caller = authOf(request);
      if (request.query.format === 'csv') {
        sendCsv(reply, 'statement', await ledger.export(caller, request.query));
        return;
      }
      return ledger.list(caller, request.query);
    },
  );
};
