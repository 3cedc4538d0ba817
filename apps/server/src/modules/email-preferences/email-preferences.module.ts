import type { AppModule } from '../../app-context';
import { emailPreferencesRoutes } from './email-preferences.routes';
import { EmailPreferencesService } from './email-preferences.service';

export const emailPreferencesModule: AppModule = async (app, { ctx }) => {
  await app.register(emailPreferencesRoutes, {
    preferences: new EmailPreferencesService(ctx.db, ctx.mailer !== undefined),
  });
};
