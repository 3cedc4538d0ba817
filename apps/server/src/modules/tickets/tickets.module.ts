import type { AppModule } from '../../app-context';
import { ticketsRoutes } from './tickets.routes';
import { TicketsService } from './tickets.service';

export const ticketsModule: AppModule = async (app, { ctx }) => {
  await app.register(ticketsRoutes, { tickets: new TicketsService(ctx.db) });
};
