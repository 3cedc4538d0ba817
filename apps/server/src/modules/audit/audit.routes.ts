import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntrySchema, auditQuerySchema } from '@keymarket/contracts/balance';
import { paginated } from '@keymarket/contracts/pagination';
import { sendCsv } from '../../lib/csv';
import { requestLanguage } from '../../lib/request-language';
import { authOf } from '../access/auth-context';
import type { AuditService } from './audit.service';

/**
 * GET /api/audit: admin actions and money movements, newest first; `?format=csv` exports, its
 * actions named in `lang` or else the request's `Accept-Language`.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (
  app,
  { audit },
) => {
  app.get(
    '/audit',
    {
      config: { access: ['admin'] },
      schema: { querystring: auditQuerySchema, response: { 200: paginated(auditEntrySchema) } },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') {
        const language = request.query.lang ?? requestLanguage(request.headers['accept-language']);
        return sendCsv(reply, 'audit-log', audit.export(authOf(request), request.query, language));
      }
      return audit.list(authOf(request), request.query);
    },
  );
};
