import { describe, expect, it } from 'vitest';
import { expectError } from './helpers/expect-error';
import { injectWith, login, sessionTokensOf } from './helpers/signup';
import { TEST_PASSWORD } from './helpers/test-app';
import { useTestApp } from './helpers/use-app';

const ctx = useTestApp({ REFRESH_RATE_LIMIT: '3' });

describe('GET /api/auth/refresh rate limit', () => {
  it('answers 429 past the limit per address, and leaves the session cookies alone', async () => {
    const user = await ctx.factory.user();
    let tokens = sessionTokensOf(await login(ctx, user.username, TEST_PASSWORD));
    for (let i = 0; i < 3; i++) {
      const res = await injectWith(
        ctx,
        { refresh: tokens.refresh },
        { method: 'GET', url: '/api/auth/refresh' },
      );
      expect(res.statusCode, res.body).toBe(200);
      tokens = sessionTokensOf(res);
    }

    const limited = await injectWith(
      ctx,
      { refresh: tokens.refresh },
      { method: 'GET', url: '/api/auth/refresh' },
    );
    expectError(limited, 429, 'rate_limited');
    // A limited refresh must not sign the user out: no cookie is cleared.
    expect(limited.cookies).toEqual([]);
  });
});
