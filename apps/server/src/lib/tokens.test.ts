import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const claims = { userId: 'user-1', sessionId: 'session-1', role: 'reseller' as const };

describe('AccessTokens', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the claims of its own token, again and again', async () => {
    const tokens = new AccessTokens(SECRET, 900);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('refuses a token signed with another secret or altered, even after the true one was seen', async () => {
    const tokens = new AccessTokens(SECRET, 900);
    const token = await tokens.sign(claims);
    await tokens.verify(token);
    const foreign = await new AccessTokens(`${SECRET}-other`, 900).sign(claims);
    expect(await tokens.verify(foreign)).toBeUndefined();
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: 'admin-1', sid: 'session-1', role: 'admin' }),
    );
    expect(
      await tokens.verify(`${header}.${payload.toString('base64url')}.${signature}`),
    ).toBeUndefined();
    expect(await tokens.verify(`${token}x`)).toBeUndefined();
  });

  it('takes only the spelling it wrote, not the others a lenient decoder would accept', async () => {
    const tokens = new AccessTokens(SECRET, 900);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    // The last of 43 characters carries 2 bits the 32-byte signature does not use.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.at(-1)!);
    const sameBytes = `${signature.slice(0, -1)}${alphabet[last ^ 1]}`;
    for (const variant of [
      `${header}.${payload}.${sameBytes}`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}.${signature.slice(0, 20)} ${signature.slice(20)}`,
      ` ${token}`,
    ]) {
      expect(await tokens.verify(variant)).toBeUndefined();
    }
  });

  it('stops answering a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const tokens = new AccessTokens(SECRET, 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);

    vi.setSystemTime(new Date('2026-01-01T00:00:59Z'));
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-01-01T00:01:00Z'));
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });
});
