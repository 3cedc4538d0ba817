import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  systemSettingsResponseSchema,
  updateSystemSettingsSchema,
} from '@keymarket/contracts/system-settings';
import { authOf } from '../access/auth-context';
import type { SystemSettingsService } from './system-settings.service';

export const systemSettingsRoutes: FastifyPluginAsyncZod<{
  systemSettings: SystemSettingsService;
}> = async (app, { systemSettings }) => {
  app.get(
    '/system-settings',
    { config: { access: 'public' }, schema: { response: { 200: systemSettingsResponseSchema } } },
    (request) => systemSettings.get(request.auth),
  );

  app.put(
    '/system-settings',
    {
      config: { access: ['admin'] },
      schema: {
        body: updateSystemSettingsSchema,
        response: { 200: systemSettingsResponseSchema },
      },
    },
    (request) => systemSettings.update(authOf(request), request.body),
  );
};
