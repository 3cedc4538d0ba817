import type { AppModule } from '../../app-context';
import { invitationsRoutes } from './invitations.routes';
import { InvitationsService } from './invitations.service';

export const invitationsModule: AppModule = async (app, { ctx }) => {
  await app.register(invitationsRoutes, {
    invitations: new InvitationsService(ctx.db, ctx.rateLimits),
  });
};
