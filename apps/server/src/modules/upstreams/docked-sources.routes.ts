import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dockedProductSourceListSchema } from '@keymarket/contracts/upstreams';
import type { Database } from '../../db/client';
import { authOf } from '../access/auth-context';
import { assertMayManageUpstreams } from '../access/policy';
import { dockedProductSources } from './docked-sources';

/**
 * `GET /upstreams/docked-products` (admin): each docked product's supplier, so the products
 * screen shows where docked goods come from (DESIGN.md §14).
 */
export const dockedSourcesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/upstreams/docked-products',
    {
      config: { access: ['admin'] },
      schema: { response: { 200: dockedProductSourceListSchema } },
    },
    async (request) => {
      assertMayManageUpstreams(authOf(request));
      return { data: await dockedProductSources(db) };
    },
  );
};
