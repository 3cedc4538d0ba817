import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationPreferencesSchema,
  updateNotificationPreferencesSchema,
} from '@keymarket/contracts/notifications';
import { accountLanguageSchema } from '@keymarket/contracts/users';
import { authOf } from '../access/auth-context';
import type { EmailPreferencesService } from './email-preferences.service';

export const emailPreferencesRoutes: FastifyPluginAsyncZod<{
  preferences: EmailPreferencesService;
}> = async (app, { preferences }) => {
  app.get(
    '/users/me/notification-preferences',
    {
      config: { access: 'authenticated' },
      schema: { response: { 200: notificationPreferencesSchema } },
    },
    (request) => preferences.get(authOf(request).userId),
  );

  app.put(
    '/users/me/notification-preferences',
    {
      config: { access: 'authenticated' },
      schema: {
        body: updateNotificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    (request) => preferences.put(authOf(request).userId, request.body),
  );

  app.put(
    '/users/me/language',
    {
      config: { access: 'authenticated' },
      schema: { body: accountLanguageSchema, response: { 200: accountLanguageSchema } },
    },
    (request) => preferences.setLanguage(authOf(request).userId, request.body.language),
  );
};
