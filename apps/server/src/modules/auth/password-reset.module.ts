import type { AppModule } from '../../app-context';
import { passwordResetRoutes } from './password-reset.routes';
import { PasswordResetService } from './password-reset.service';

/** The forgotten-password flow, there only when the server sends email. */
export const passwordResetModule: AppModule = async (app, { ctx }) => {
  await app.register(passwordResetRoutes, {
    reset: new PasswordResetService(ctx.db, ctx.vault, ctx.rateLimits, {
      enabled: ctx.mailer !== undefined,
      now: ctx.now ?? (() => new Date()),
    }),
  });
};
