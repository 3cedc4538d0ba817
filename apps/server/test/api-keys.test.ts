import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiKey, ApiKeyList, CreatedApiKey } from '@keymarket/contracts/integration';
import { apiKeys, auditLog } from '../src/db/schema/index';
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
    expect(Object.keys(created).sort()).toEqual([
      'allowedIps',
      'createdAt',
      'id',
      'key',
      'name',
      'prefix',
    ]);
    expect(created.allowedIps).toEqual([]);
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
        allowedIps: [],
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

  it('audits its creation and its revocation once, naming the key but never holding it', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdKey(reseller, 'Shop');
    const first = (await revoke(reseller, created.id)).json<ApiKey>();
    // Revoking again (or twice at once) is not a second revocation.
    await Promise.all([revoke(reseller, created.id), revoke(reseller, created.id)]);

    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, created.id))
      .orderBy(auditLog.id);
    const named = { name: 'Shop', prefix: created.prefix, allowedIps: [] };
    expect(
      audits.map((a) => [
        a.actorId,
        a.action,
        a.targetType,
        a.before && (JSON.parse(a.before) as unknown),
        a.after && (JSON.parse(a.after) as unknown),
      ]),
    ).toEqual([
      [reseller.user.id, 'api_key.created', 'api_key', null, named],
      [
        reseller.user.id,
        'api_key.revoked',
        'api_key',
        { ...named, revokedAt: null },
        { ...named, revokedAt: first.revokedAt },
      ],
    ]);
    const [row] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    const stored = audits.map((a) => `${a.before} ${a.after}`).join(' ');
    expect(stored).not.toContain(created.key.slice(10));
    expect(stored).not.toContain(row!.secretHash);
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

describe('API keys limited to addresses', () => {
  const from = (key: string, remoteAddress: string, url = '/api/v1/balance') =>
    ctx.app.inject({
      method: 'GET',
      url,
      remoteAddress,
      headers: { authorization: `Bearer ${key}` },
    });
  const patch = (user: { inject: typeof admin.inject }, id: string, payload: unknown) =>
    user.inject({ method: 'PATCH', url: `/api/api-keys/${id}`, payload: payload as object });

  it('answers calls from its addresses and ranges only, IPv4 and IPv6', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const response = await createKeyResponse(reseller, {
      name: 'Shop server',
      allowedIps: [' 203.0.113.7 ', '198.51.100.0/24', '2001:db8::/32', '203.0.113.7'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<CreatedApiKey>();
    // Trimmed, and the same address once.
    expect(created.allowedIps).toEqual(['203.0.113.7', '198.51.100.0/24', '2001:db8::/32']);
    expect((await listKeys(reseller))[0]!.allowedIps).toEqual(created.allowedIps);

    for (const address of [
      '203.0.113.7',
      '198.51.100.1',
      '198.51.100.254',
      '2001:db8::1',
      '::ffff:203.0.113.7',
    ]) {
      const answered = await from(created.key, address);
      expect(answered.statusCode, address).toBe(200);
    }
    for (const address of ['203.0.113.8', '198.51.101.1', '2001:db9::1', '127.0.0.1']) {
      const refused = await from(created.key, address);
      const body = expectError(refused, 403, 'forbidden');
      expect(body.message.text).toBe(
        `This API key may not be used from ${address}: add the address to the key's allowed addresses`,
      );
    }
  });

  it('lets an IPv6 range admit IPv6 callers only, even one that spans the IPv4-mapped block', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdKey(reseller, 'Shop');
    // `::/64` holds ::ffff:0:0/96, through which node:net's BlockList alone admitted every IPv4
    // caller: the contract takes it (a real IPv6 range), and the gate keeps the families apart.
    expect((await patch(reseller, created.id, { allowedIps: ['::/64'] })).statusCode).toBe(200);
    expect((await from(created.key, '::1')).statusCode).toBe(200);
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '203.0.113.7']) {
      expectError(await from(created.key, address), 403, 'forbidden');
    }
  });

  it('refuses a call from elsewhere before counting it: a leaked key spends none of its calls', async () => {
    const limited = await createTestApp({ API_RATE_LIMIT: '2' });
    try {
      const owner = await limited.factory.signedIn('reseller');
      const response = await createKeyResponse(owner, { name: 'Shop', allowedIps: ['192.0.2.1'] });
      const { key } = response.json<CreatedApiKey>();
      const call = (remoteAddress: string) =>
        limited.app.inject({
          method: 'GET',
          url: '/api/v1/balance',
          remoteAddress,
          headers: { authorization: `Bearer ${key}` },
        });
      for (let i = 0; i < 3; i++) expectError(await call('192.0.2.2'), 403, 'forbidden');
      expect((await call('192.0.2.1')).statusCode).toBe(200);
      expect((await call('192.0.2.1')).statusCode).toBe(200);
      expectError(await call('192.0.2.1'), 429, 'rate_limited');
    } finally {
      await limited.close();
    }
  });

  it("behind TRUST_PROXY, believes the proxy's entry of X-Forwarded-For, never the client's own", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const owner = await proxied.factory.signedIn('reseller');
      const response = await createKeyResponse(owner, {
        name: 'Shop',
        allowedIps: ['203.0.113.7'],
      });
      const { key } = response.json<CreatedApiKey>();
      const call = (remoteAddress: string, forwardedFor: string) =>
        proxied.app.inject({
          method: 'GET',
          url: '/api/v1/balance',
          remoteAddress,
          headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': forwardedFor },
        });
      // The load balancer (a private address) appends the address it saw.
      expect((await call('10.0.0.5', '203.0.113.7')).statusCode).toBe(200);
      // A client that writes the allowed address itself: the balancer appends the real one.
      const spoofed = await call('10.0.0.5', '203.0.113.7, 198.51.100.9');
      expect(expectError(spoofed, 403, 'forbidden').message.text).toContain(
        'used from 198.51.100.9',
      );
      // A client that reaches the server directly: its header is not read at all.
      const direct = await call('198.51.100.9', '203.0.113.7');
      expect(expectError(direct, 403, 'forbidden').message.text).toContain(
        'used from 198.51.100.9',
      );
    } finally {
      await proxied.close();
    }
  });

  it('tells a caller elsewhere nothing of its owner: no ban and no reason', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const response = await createKeyResponse(reseller, { name: 'Bot', allowedIps: ['192.0.2.1'] });
    const { key } = response.json<CreatedApiKey>();
    const ban = await admin.inject({
      method: 'POST',
      url: `/api/users/ban-user/${reseller.user.id}`,
      payload: { reason: 'Chargebacks' },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    const elsewhere = await from(key, '192.0.2.2');
    expectError(elsewhere, 403, 'forbidden');
    expect(elsewhere.body).not.toContain('Chargebacks');
    expectError(
      await from(key, '192.0.2.1'),
      403,
      'banned',
      'Your account has been banned: Chargebacks',
    );
  });

  it("changes a key's addresses at once, back to any address with an empty list", async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdKey(reseller, 'Bot');
    expect((await from(created.key, '192.0.2.10')).statusCode).toBe(200);

    const limited = await patch(reseller, created.id, { allowedIps: ['192.0.2.11'] });
    expect(limited.statusCode, limited.body).toBe(200);
    expect(limited.json<ApiKey>()).toMatchObject({ id: created.id, allowedIps: ['192.0.2.11'] });
    // The row this instance kept of the key (used a moment ago) is dropped with the change.
    expectError(await from(created.key, '192.0.2.10'), 403, 'forbidden');
    expect((await from(created.key, '192.0.2.11')).statusCode).toBe(200);

    const opened = await patch(reseller, created.id, { allowedIps: [] });
    expect(opened.json<ApiKey>().allowedIps).toEqual([]);
    expect((await from(created.key, '192.0.2.10')).statusCode).toBe(200);

    // Each change is audited with the addresses before and after.
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, created.id), eq(auditLog.action, 'api_key.updated')))
      .orderBy(auditLog.id);
    expect(
      audits.map((a) => [
        a.actorId,
        JSON.parse(a.before!) as unknown,
        JSON.parse(a.after!) as unknown,
      ]),
    ).toEqual([
      [reseller.user.id, { allowedIps: [] }, { allowedIps: ['192.0.2.11'] }],
      [reseller.user.id, { allowedIps: ['192.0.2.11'] }, { allowedIps: [] }],
    ]);
  });

  it("refuses bad addresses, too many, unknown fields, a revoked key and another user's key", async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdKey(reseller, 'Bot');
    for (const [bad, message] of [
      [
        '::ffff:203.0.113.7',
        'Write an IPv4 address in its usual form (203.0.113.7), not as ::ffff:…',
      ],
      [
        '::ffff:203.0.113.0/120',
        'Write an IPv4 address in its usual form (203.0.113.7), not as ::ffff:…',
      ],
      // The same, written other ways: once let every IPv4 caller through.
      ...['0:0:0:0:0:ffff:0:0/96', '0::ffff:127.0.0.1', '0000::FFFF:0:0/96'].map((spelling) => [
        spelling,
        'Write an IPv4 address in its usual form (203.0.113.7), not as ::ffff:…',
      ]),
      ['0.0.0.0/0', 'A /0 range is every address: leave the field empty to allow any'],
      ['::/0', 'A /0 range is every address: leave the field empty to allow any'],
    ]) {
      expectValidation(
        await patch(reseller, created.id, { allowedIps: [bad] }),
        'body.allowedIps.0',
        message,
      );
    }
    for (const bad of [
      'localhost',
      '1.2.3.256',
      '10.0.0.0/33',
      '',
      'https://203.0.113.7',
      'fe80::1%eth0',
    ]) {
      expectValidation(
        await patch(reseller, created.id, { allowedIps: ['192.0.2.1', bad] }),
        'body.allowedIps.1',
        'Enter an IP address (203.0.113.7) or a range (203.0.113.0/24)',
      );
      expectValidation(
        await createKeyResponse(reseller, { name: 'Other', allowedIps: [bad] }),
        'body.allowedIps.0',
      );
    }
    const many = Array.from({ length: 21 }, (_, i) => `192.0.2.${i}`);
    expectValidation(
      await patch(reseller, created.id, { allowedIps: many }),
      'body.allowedIps',
      'A key can be limited to at most 20 addresses or ranges',
    );
    expectValidation(
      await patch(reseller, created.id, { allowedIps: '192.0.2.1' }),
      'body.allowedIps',
    );
    expectValidation(await patch(reseller, created.id, { allowedIps: [], name: 'x' }), 'body.name');
    expectValidation(await patch(reseller, created.id, {}), 'body.allowedIps');

    const stranger = await ctx.factory.signedIn('reseller', admin.user);
    expectError(await patch(stranger, created.id, { allowedIps: ['192.0.2.1'] }), 404, 'not_found');
    expectError(await patch(admin, created.id, { allowedIps: ['192.0.2.1'] }), 404, 'not_found');
    expect((await listKeys(reseller))[0]!.allowedIps).toEqual([]);

    expect((await revoke(reseller, created.id)).statusCode).toBe(200);
    const late = await patch(reseller, created.id, { allowedIps: ['192.0.2.1'] });
    expect(expectError(late, 409, 'conflict').message.text).toBe(
      'This API key has been revoked: create a new one',
    );
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

describe('API keys checked afresh on every call, on every instance', () => {
  it('refuses a revoked key at once on the instance that revoked it and on another', async () => {
    // A second instance on the same database, with its own gate.
    const other = await createTestApp({}, ctx.database);
    try {
      const reseller = await ctx.factory.signedIn('reseller', admin.user);
      const created = await createdKey(reseller);
      const onOther = () =>
        keyClient(other.app, created.key).inject({ method: 'GET', url: '/api/v1/balance' });
      expect((await onOther()).statusCode).toBe(200);
      expect((await v1Balance(created.key)).statusCode).toBe(200);

      expect((await revoke(reseller, created.id)).statusCode).toBe(200);
      for (const answer of [await v1Balance(created.key), await onOther()]) {
        expectError(answer, 401, 'unauthorized', 'This API key is not valid or has been revoked');
      }
    } finally {
      await other.app.close();
    }
  });

  it('refuses a key at once when its owner is banned, on another instance too, even right after it was used', async () => {
    const other = await createTestApp({}, ctx.database);
    try {
      const reseller = await ctx.factory.signedIn('reseller', admin.user);
      const created = await createdKey(reseller);
      const onOther = () =>
        keyClient(other.app, created.key).inject({ method: 'GET', url: '/api/v1/balance' });
      expect((await v1Balance(created.key)).statusCode).toBe(200);
      expect((await onOther()).statusCode).toBe(200);
      const ban = await admin.inject({
        method: 'POST',
        url: `/api/users/ban-user/${reseller.user.id}`,
        payload: { reason: 'Chargebacks' },
      });
      expect(ban.statusCode, ban.body).toBe(200);
      for (const answer of [await v1Balance(created.key), await onOther()]) {
        expectError(answer, 403, 'banned', 'Your account has been banned: Chargebacks');
      }
    } finally {
      await other.app.close();
    }
  });
});
