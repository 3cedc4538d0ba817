import type { AppModule } from '../../app-context';
import { authRoutes } from './auth.routes';
import { AuthService } from './auth.service';

/** Registration, sign-in, refresh and sign-out. */
export const authModule: AppModule = async (app, { ctx }) => {
  const { env } = ctx;
  const auth = new AuthService(ctx.db, ctx.tokens, ctx.rateLimits, ctx.shared.twoFactor, {
    accessTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
  });
  await app.register(authRoutes, {
    auth,
    countrySource: { header: env.COUNTRY_HEADER, geoip: env.GEOIP },
  });
};
