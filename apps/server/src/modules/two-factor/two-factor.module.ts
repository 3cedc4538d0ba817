import type { AppModule } from '../../app-context';
import { twoFactorRoutes } from './two-factor.routes';

export const twoFactorModule: AppModule = async (app, { ctx }) => {
  // Shared with sign-in, which asks for the code.
  await app.register(twoFactorRoutes, { twoFactor: ctx.shared.twoFactor });
};
