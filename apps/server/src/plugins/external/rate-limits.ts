import type { Redis } from 'ioredis';
import type { Env } from '../../env';
import { RateLimits } from '../../lib/rate-limiter';
import { API_RATE_LIMIT_NAME } from '../../modules/api-keys/api-key-gate';

/**
 * Every rate limit of the app, by name (rate-limiter-flexible): in Redis with `REDIS_URL`, so
 * that every instance counts together, in memory otherwise.
 */
export function createRateLimits(env: Env, redis: Redis | undefined): RateLimits {
  return new RateLimits(
    [
      {
        name: 'login',
        points: env.LOGIN_RATE_LIMIT,
        durationSeconds: env.LOGIN_RATE_WINDOW_SECONDS,
      },
      // Many identifiers sprayed from one address.
      {
        name: 'login-address',
        points: env.LOGIN_RATE_LIMIT * 10,
        durationSeconds: env.LOGIN_RATE_WINDOW_SECONDS,
      },
      {
        name: 'register',
        points: env.REGISTER_RATE_LIMIT,
        durationSeconds: env.REGISTER_RATE_WINDOW_SECONDS,
      },
      { name: 'refresh', points: env.REFRESH_RATE_LIMIT, durationSeconds: 60 },
      // Per user, as many as sign-ins: a session must not be a way around the login limit
      // (password changes and turning two-factor sign-in off both count here).
      {
        name: 'password-change',
        points: env.LOGIN_RATE_LIMIT,
        durationSeconds: env.LOGIN_RATE_WINDOW_SECONDS,
      },
      { name: 'email-change', points: env.EMAIL_CHANGE_RATE_LIMIT, durationSeconds: 3600 },
      { name: 'invitations', points: env.INVITATION_RATE_LIMIT, durationSeconds: 3600 },
      { name: API_RATE_LIMIT_NAME, points: env.API_RATE_LIMIT, durationSeconds: 60 },
      // Forgotten password: per address (answered 429), and per identifier (silently not sent).
      { name: 'password-reset-address', points: 20, durationSeconds: 3600 },
      { name: 'password-reset-account', points: 3, durationSeconds: 3600 },
    ],
    redis,
  );
}
