import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginated } from '@keymarket/contracts/pagination';
import { userSchema } from '@keymarket/contracts/users';
import {
  avatarResponseSchema,
  banUserSchema,
  downlineQuerySchema,
  resetPasswordSchema,
  updateMeSchema,
  updateUserSchema,
  userProfileSchema,
  usersQuerySchema,
  userSummarySchema,
} from '@keymarket/contracts/users-admin';
import type { Database } from '../../db/client';
import type { ReadRouting } from '../../db/read-routing';
import { imageUpload, registerUploads, uploadSchema } from '../../lib/uploads';
import { sendCsv } from '../../lib/csv';
import { authOf } from '../access/auth-context';
import type { MeService } from './me.service';
import { UsersAdminService } from './users-admin.service';
import { messages } from '@keymarket/contracts/messages';

const idParams = z.object({ id: z.uuid(messages.userNotFound) });
const summary = { 200: userSummarySchema };

/** The Users screen, admin user actions, and the profile settings that upload a picture. */
export const usersAdminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  me: MeService;
  /** Where the CSV export reads (DATABASE_READ_URL's replica when it is fit); else the primary. */
  reads?: ReadRouting<Database>;
}> = async (app, { db, me, reads }) => {
  await registerUploads(app);
  const users = new UsersAdminService(db, reads);

  app.get(
    '/users/get-all-users',
    {
      config: { access: ['admin'] },
      schema: { querystring: usersQuerySchema, response: { 200: paginated(userSummarySchema) } },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') {
        return sendCsv(reply, 'users', users.export(authOf(request), request.query));
      }
      return users.list(authOf(request), request.query);
    },
  );

  app.get(
    '/users/downline',
    {
      config: { access: ['manager', 'reseller'] },
      schema: {
        querystring: downlineQuerySchema,
        response: { 200: paginated(userSummarySchema) },
      },
    },
    (request) => users.downline(authOf(request), request.query),
  );

  app.put(
    '/users/me',
    {
      config: { access: 'authenticated' },
      schema: { body: updateMeSchema, response: { 200: userSchema } },
    },
    (request) => me.updateInfo(authOf(request), request.body),
  );

  app.put(
    '/users/avatars/profile-picture',
    {
      config: { access: 'authenticated', upload: imageUpload('avatar') },
      schema: {
        body: z.strictObject({ avatar: uploadSchema('Choose a picture to upload') }),
        response: { 200: avatarResponseSchema },
      },
    },
    (request) => me.setAvatar(authOf(request), request.body.avatar),
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'authenticated' },
      schema: { params: idParams, response: { 200: userProfileSchema } },
    },
    (request) => users.profile(authOf(request), request.params.id),
  );

  app.patch(
    '/users/:id',
    {
      config: { access: ['admin'] },
      schema: { params: idParams, body: updateUserSchema, response: summary },
    },
    (request) => users.update(authOf(request), request.params.id, request.body),
  );

  app.put(
    '/users/suspend/:id',
    { config: { access: ['admin'] }, schema: { params: idParams, response: summary } },
    (request) => users.suspend(authOf(request), request.params.id),
  );

  app.put(
    '/users/activate/:id',
    { config: { access: ['admin'] }, schema: { params: idParams, response: summary } },
    (request) => users.activate(authOf(request), request.params.id),
  );

  app.post(
    '/users/ban-user/:id',
    {
      config: { access: ['admin'] },
      schema: { params: idParams, body: banUserSchema, response: summary },
    },
    (request) => users.ban(authOf(request), request.params.id, request.body),
  );

  app.put(
    '/users/upgrade/:id',
    { config: { access: ['admin'] }, schema: { params: idParams, response: summary } },
    (request) => users.upgrade(authOf(request), request.params.id),
  );

  app.put(
    '/users/update-password/:id',
    {
      config: { access: ['admin'] },
      schema: { params: idParams, body: resetPasswordSchema, response: summary },
    },
    (request) => users.resetPassword(authOf(request), request.params.id, request.body),
  );
};
