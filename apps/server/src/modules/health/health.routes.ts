import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../lib/app-error';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  /** Liveness: the process answers. */
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    () => ({ status: 'ok' as const }),
  );

  /** Readiness: the database answers too; a load balancer stops sending traffic when it does not. */
  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: { response: { 200: z.object({ status: z.literal('ready'), database: z.string() }) } },
    },
    async () => {
      try {
        await database.ping();
      } catch {
        throw new AppError('unavailable', 'The database is not reachable');
      }
      return { status: 'ready' as const, database: database.kind };
    },
  );
};
