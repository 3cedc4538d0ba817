import type { AppModule } from '../../app-context';
import { priceRulesRoutes } from './price-rules.routes';
import { PriceRulesService } from './price-rules.service';

/** Standing price rules: what a seller's invitees pay as its cost plus a markup. */
export const priceRulesModule: AppModule = async (app, { ctx }) => {
  await app.register(priceRulesRoutes, { priceRules: new PriceRulesService(ctx.db) });
};
