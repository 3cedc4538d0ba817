import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntrySchema } from '@keymarket/contracts/balance';
import { pageOf, paginated, pageQuerySchema } from '@keymarket/contracts/pagination';
import type { Database } from '../../db/client';
import { auditLog, users } from '../../db/schema/index';

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** GET /api/audit: admin actions and money movements, newest first. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/audit',
    {
      config: { access: ['admin'] },
      schema: { querystring: pageQuerySchema, response: { 200: paginated(auditEntrySchema) } },
    },
    async (request) => {
      const { page, limit } = request.query;
      const [rows, [count]] = await Promise.all([
        db
          .select({ entry: auditLog, actor: { id: users.id, username: users.username } })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .orderBy(desc(auditLog.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: sql<number>`count(*)::int` }).from(auditLog),
      ]);
      const data = rows.map(({ entry, actor }) => ({
        id: entry.id.toString(),
        actor: actor?.id ? { id: actor.id, username: actor.username } : null,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        before: parse(entry.before),
        after: parse(entry.after),
        createdAt: entry.createdAt.toISOString(),
      }));
      return pageOf(data, { page, limit }, count?.n ?? 0);
    },
  );
};
