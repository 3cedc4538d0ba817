import type { AppModule } from '../../app-context';
import { v1Routes } from './v1.routes';

/** The integration API (/api/v1): the same services as the web routes, called with an API key. */
export const v1Module: AppModule = async (app, { ctx }) => {
  const { products, orders, balance } = ctx.shared;
  await app.register(v1Routes, { prefix: '/v1', products, orders, balance, db: ctx.db });
};
