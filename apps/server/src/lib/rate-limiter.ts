import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { AppError } from './app-error';

/**
 * A refusal by a rate limit; the error handler also sends its wait as a Retry-After header and,
 * for a limit that announces itself (`take`), where the caller stands as RateLimit-* headers.
 */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    text?: string,
    readonly standing?: RateLimitStanding,
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'rate_limited',
      text ?? `Too many attempts. Please try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    );
  }
}

/** Where a key stands in its window: what the RateLimit-* headers (IETF draft) tell a client. */
export interface RateLimitStanding {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
  windowSeconds: number;
}

/** The RateLimit-* headers of a standing (the IETF draft's separate-field form). */
export function rateLimitHeaders(standing: RateLimitStanding): Record<string, string> {
  return {
    'ratelimit-limit': String(standing.limit),
    'ratelimit-remaining': String(standing.remaining),
    'ratelimit-reset': String(standing.resetSeconds),
    'ratelimit-policy': `${standing.limit};w=${standing.windowSeconds}`,
  };
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

  /**
   * Counts one call for `key` and answers where it stands, for a limit clients see on every
   * answer (the API's); over the limit it throws RateLimitedError with `text(seconds)`.
   */
  async take(
    name: string,
    key: string,
    text: (retryAfterSeconds: number) => string,
  ): Promise<RateLimitStanding> {
    const limiter = this.limiters.get(name);
    if (!limiter) throw new Error(`Unknown rate limit ${name}`);
    const standing = (result: RateLimiterRes): RateLimitStanding => ({
      limit: limiter.points,
      remaining: Math.max(0, result.remainingPoints),
      resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
      windowSeconds: limiter.duration,
    });
    try {
      return standing(await limiter.consume(key));
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) throw result;
      const refused = standing(result);
      throw new RateLimitedError(refused.resetSeconds, text(refused.resetSeconds), refused);
    }
  }

  /** Forgets the attempts of a key, e.g. after a successful login. */
  async reset(name: string, key: string): Promise<void> {
    await this.limiters.get(name)?.delete(key);
  }
}
