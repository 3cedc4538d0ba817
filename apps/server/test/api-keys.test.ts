import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKey, ApiKeyList, CreatedApiKey } from '@keymarket/contracts/integration';
import { apiKeys } from '../src/db/schema/index';
import { API_KEY_CACHE_TTL_MS } from '../src/modules/api-keys/api-key-gate';
import { createdKey, createKeyResponse, keyClient } from './helpers/api-keys';
import { expectError, expectValidation } from './helpers/expect-error';
import { createTestApp } from './helpers/test-app';
import { useSignedIn, useTestApp } from './helpers/use-app';

const ctx = useTestApp();
const admin = useSignedIn(ctx, 'admin');

const listKeys = async (user: { inject: typeof admin.inject }) => {
  const response = await user.inject({ method: 'GET', url: '/api/api-keys' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ApiKeyList>().data;
};
const revoke = (user: { inject: typeof admin.inject }, id: string) =>
  user.inject({ method: 'DELETE', url: `/api/api-keys/${id}` });
const v1Balance = (key: string) =>
  keyClient(ctx.app, key).inject({ method: 'GET', url: '/api/v1/balance' });

describe('API keys: create, list, revoke', () => {
  it('shows a km_ key once on creation, stores only its hash, and lists it without the key', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const response = await createKeyResponse(reseller, { name: '  Telegram bot ' });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const created = response.json<CreatedApiKey>();
    expect(Object.keys(created).sort()).toEqual(['createdAt', 'id', 'key', 'name', 'prefix']);
    expect(created.key).toMatch(/^km_[0-9A-Za-z]{40}$/);
    expect(created).toMatchObject({ name: 'Telegram bot', prefix: created.key.slice(0, 10) });

    const [row] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(10));

    const listed = await reseller.inject({ method: 'GET', url: '/api/api-keys' });
    expect(listed.body).not.toContain(created.key.slice(10));
    expect(listed.json<ApiKeyList>().data).toEqual([
      {
        id: created.id,
        name: 'Telegram bot',
        prefix: created.prefix,
        createdAt: created.createdAt,
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
  });

  it('lets every role hold keys, each seeing only its own', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const adminKey = await createdKey(admin, 'Admin script');
    const managerKey = await createdKey(manager, 'Manager shop');
    expect((await listKeys(admin)).map((k) => k.id)).toContain(adminKey.id);
    expect((await listKeys(manager)).map((k) => k.id)).toEqual([managerKey.id]);
  });

  it('records when a key was last used', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdKey(reseller);
    expect((await v1Balance(created.key)).statusCode).toBe(200);
    const [listed] = await listKeys(reseller);
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  it('revokes a key at once: its next call is refused', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdKey(reseller);
    expect((await v1Balance(created.key)).statusCode).toBe(200);

    const response = await revoke(reseller, created.id);
    expect(response.statusCode, response.body).toBe(200);
    const revoked = response.json<ApiKey>();
    expect(revoked.revokedAt).not.toBeNull();

    expectError(
      await v1Balance(created.key),
      401,
      'unauthorized',
      'This API key is not valid or has been revoked',
    );
    // Revoking again changes nothing, not even the time.
    expect((await revoke(reseller, created.id)).json<ApiKey>().revokedAt).toBe(revoked.revokedAt);
    expect((await listKeys(reseller))[0]?.revokedAt).toBe(revoked.revokedAt);
  });

  it("answers 404 for another user's key and leaves it working", async () => {
    const owner = await ctx.factory.signedIn('reseller', admin.user);
    const other = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdKey(owner);

    expectError(await revoke(other, created.id), 404, 'not_found', 'API key not found');
    expectError(await revoke(admin, created.id), 404, 'not_found', 'API key not found');
    expectError(
      await revoke(owner, '00000000-0000-4000-8000-000000000000'),
      404,
      'not_found',
      'API key not found',
    );
    expect((await v1Balance(created.key)).statusCode).toBe(200);
  });

  it('refuses an 11th active key, and takes one again once a key is revoked', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const keys = [];
    for (let i = 0; i < 10; i++) keys.push(await createdKey(reseller, `Key ${i}`));

    expectError(
      await createKeyResponse(reseller, { name: 'Eleventh' }),
      409,
      'conflict',
      'You already have 10 active API keys: revoke one before creating another',
    );
    expect(await listKeys(reseller)).toHaveLength(10);

    expect((await revoke(reseller, keys[0]!.id)).statusCode).toBe(200);
    expect((await createKeyResponse(reseller, { name: 'Eleventh' })).statusCode).toBe(201);
    expect(await listKeys(reseller)).toHaveLength(11);
  });

  it('refuses bad names and unknown fields with the envelope', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    expectValidation(await createKeyResponse(reseller, {}), 'body.name', 'Give the key a name');
    expectValidation(await createKeyResponse(reseller, { name: '   ' }), 'body.name');
    expectValidation(await createKeyResponse(reseller, { name: 'x'.repeat(61) }), 'body.name');
    expectValidation(
      await createKeyResponse(reseller, { name: 'Shop', scopes: ['all'] }),
      'body.scopes',
    );
    expect(await listKeys(reseller)).toEqual([]);
  });

  it('needs a signed-in session: no anonymous caller, and never an API key', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdKey(reseller);
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/api-keys' }), 401, 'unauthorized');
    const byKey = keyClient(ctx.app, created.key);
    const refusal =
      'API keys are accepted under /api/v1 only; this route needs a signed-in session';
    expectError(
      await byKey.inject({ method: 'POST', url: '/api/api-keys', payload: { name: 'Minted' } }),
      401,
      'unauthorized',
      refusal,
    );
    expectError(
      await byKey.inject({ method: 'GET', url: '/api/users/me' }),
      401,
      'unauthorized',
      refusal,
    );
    // Not even beside a valid session cookie.
    expectError(
      await reseller.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${created.key}` },
      }),
      401,
      'unauthorized',
      refusal,
    );
    expect(await listKeys(reseller)).toHaveLength(1);
  });
});

describe('API keys in the log', () => {
  it('never writes a key, whether it is created, used, refused or revoked', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ LOG_LEVEL: 'trace' }, undefined, {
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const owner = await logged.factory.signedIn('reseller');
      const created = await createdKey(owner);
      const client = keyClient(logged.app, created.key);
      expect((await client.inject({ method: 'GET', url: '/api/v1/balance' })).statusCode).toBe(200);
      await client.inject({ method: 'POST', url: '/api/v1/orders', payload: { quantity: 1 } });
      await client.inject({ method: 'GET', url: '/api/users/me' });
      await owner.inject({ method: 'DELETE', url: `/api/api-keys/${created.id}` });
      expect((await client.inject({ method: 'GET', url: '/api/v1/balance' })).statusCode).toBe(401);

      expect(lines.length).toBeGreaterThan(10);
      const secret = created.key.slice(10);
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});

describe('API key lookups kept briefly by each instance', () => {
  it('refuses a revoked key at once on the instance that revoked it, and within the cache time on another', async () => {
    // A second instance on the same database, with its own gate and its own kept rows.
    const other = await createTestApp({}, ctx.database);
    try {
      const reseller = await ctx.factory.signedIn('reseller', admin.user);
      const created = await createdKey(reseller);
      const onOther = () =>
        keyClient(other.app, created.key).inject({ method: 'GET', url: '/api/v1/balance' });
      expect((await onOther()).statusCode).toBe(200);
      expect((await v1Balance(created.key)).statusCode).toBe(200);

      expect((await revoke(reseller, created.id)).statusCode).toBe(200);
      expectError(
        await v1Balance(created.key),
        401,
        'unauthorized',
        'This API key is not valid or has been revoked',
      );
      await vi.waitFor(async () => expect((await onOther()).statusCode).toBe(401), {
        timeout: API_KEY_CACHE_TTL_MS * 10,
        interval: 50,
      });
    } finally {
      await other.app.close();
    }
  });

  it('refuses a key at once when its owner is banned, even right after it was used', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdKey(reseller);
    expect((await v1Balance(created.key)).statusCode).toBe(200);
    const ban = await admin.inject({
      method: 'POST',
      url: `/api/users/ban-user/${reseller.user.id}`,
      payload: { reason: 'Chargebacks' },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    expectError(
      await v1Balance(created.key),
      403,
      'banned',
      'Your account has been banned: Chargebacks',
    );
  });
});
