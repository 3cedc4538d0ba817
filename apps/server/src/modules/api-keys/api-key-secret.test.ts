import { describe, expect, it } from 'vitest';
import { bearerKeyOf, isApiKeyShape, newApiKey, storedFormOf } from './api-key-secret';

describe('API key secrets', () => {
  it('makes km_ keys of 40 base62 characters, all different', () => {
    const keys = Array.from({ length: 200 }, newApiKey);
    for (const key of keys) expect(key).toMatch(/^km_[0-9A-Za-z]{40}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses every base62 character, none of them outside it', () => {
    const seen = new Set(Array.from({ length: 200 }, () => newApiKey().slice(3)).join(''));
    expect([...seen].sort().join('')).toBe(
      '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
    );
  });

  it('stores a hash and the first 10 characters, never the key', () => {
    const key = newApiKey();
    const stored = storedFormOf(key);
    expect(stored.prefix).toBe(key.slice(0, 10));
    expect(stored.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(key.slice(10));
  });

  it('reads the key of a Bearer header only', () => {
    const key = newApiKey();
    expect(bearerKeyOf(`Bearer ${key}`)).toBe(key);
    expect(bearerKeyOf(`bearer ${key}`)).toBe(key);
    expect(bearerKeyOf(`Basic ${key}`)).toBeUndefined();
    expect(bearerKeyOf(undefined)).toBeUndefined();
    expect(isApiKeyShape(key)).toBe(true);
    expect(isApiKeyShape(`${key}x`)).toBe(false);
    expect(isApiKeyShape('km_short')).toBe(false);
  });
});
