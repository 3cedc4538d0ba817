import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { AppError } from './app-error';

/** A refusal by a rate limit; the error handler also sends its wait as a Retry-After header. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'rate_limited',
      `Too many attempts. Please try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    );
  }
}

export interface RateLimitRule {
  name: string;
  points: number;
  durationSeconds: number;
}

/**
 * Named fixed-window limits. With Redis they are shared by every instance; in memory they are per
 * process (fine for one instance).
 */
export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(rules: RateLimitRule[], redis?: Redis) {
    for (const rule of rules) {
      const options = {
        keyPrefix: `km:rl:${rule.name}`,
        points: rule.points,
        duration: rule.durationSeconds,
      };
      this.limiters.set(
        rule.name,
        redis
          ? new RateLimiterRedis({ ...options, storeClient: redis })
          : new RateLimiterMemory(options),
      );
    }
  }

  /** Counts one attempt for each key; throws RateLimitedError when any is over its limit. */
  async consume(name: string, ...keys: string[]): Promise<void> {
    const limiter = this.limiters.get(name);
    if (!limiter) throw new Error(`Unknown rate limit ${name}`);
    for (const key of keys) {
      try {
        await limiter.consume(key);
      } catch (result) {
        if (result instanceof RateLimiterRes) {
          throw new RateLimitedError(Math.max(1, Math.ceil(result.msBeforeNext / 1000)));
        }
        throw result;
      }
    }
  }

  /** Forgets the attempts of a key, e.g. after a successful login. */
  async reset(name: string, key: string): Promise<void> {
    await this.limiters.get(name)?.delete(key);
  }
}
