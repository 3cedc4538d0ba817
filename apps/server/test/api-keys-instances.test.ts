import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueFactory } from './helpers/catalogue-factory';
import { freshPostgresDatabase, onPostgres } from './helpers/database';
import type { SignedInUser } from './helpers/factory';
import { deposit, ordersOf } from './helpers/money';
import { HttpSession, ServerProcess, type ApiBody } from './helpers/server-process';
import { createTestApp, TEST_PASSWORD, type TestContext } from './helpers/test-app';

/**
 * DESIGN.md §9: a key is revoked at once, and a banned owner's key gets 403 as at sign-in. Two
 * real server processes on one PostgreSQL, each with its own memory: once the revoking or banning
 * request has been answered by one, the other must refuse the key on its very next call, even
 * though it served that key a moment before.
 */
describe.skipIf(!onPostgres)('API keys across two server processes', () => {
  let seed: TestContext;
  let admin: SignedInUser;
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    const { database, url } = await freshPostgresDatabase(process.env.DATABASE_URL!);
    seed = await createTestApp({}, database);
    admin = await seed.factory.signedIn('admin');
    const env = { DATABASE_URL: url, DATABASE_POOL_MAX: '10' };
    [first, second] = await Promise.all([ServerProcess.start(env), ServerProcess.start(env)]);
  }, 120_000);

  afterAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await Promise.all([first?.dispose(), second?.dispose()]);
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await seed?.close();
  });

  /** A reseller signed in on the first process, with a new key made there. */
  async function resellerWithKey() {
    const user = await seed.factory.user({ role: 'reseller', invitedBy: admin.user });
    const session = await HttpSession.signIn(first, user.username, TEST_PASSWORD);
    const created = await session.request(first, 'POST', '/api/api-keys', { name: 'Shop' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, key } = created.body as ApiBody & { id: string; key: string };
    return { user, session, id, key };
  }

  const withKey = (key: string, headers: Record<string, string> = {}) => ({
    authorization: `Bearer ${key}`,
    ...headers,
  });

  /** Calls that leave the second process sure the key is good, as a busy shop's do. */
  async function inUseOnSecond(key: string) {
    for (let call = 0; call < 5; call++) {
      const answer = await new HttpSession().request(
        second,
        'GET',
        '/api/v1/balance',
        undefined,
        withKey(key),
      );
      expect(answer.status).toBe(200);
    }
  }

  it('refuses a revoked key on the other process as soon as the revocation is answered', async () => {
    const { session, id, key } = await resellerWithKey();
    await inUseOnSecond(key);

    const revoked = await session.request(first, 'DELETE', `/api/api-keys/${id}`);
    expect(revoked.status).toBe(200);
    const answer = await new HttpSession().request(
      second,
      'GET',
      '/api/v1/balance',
      undefined,
      withKey(key),
    );

    expect(answer).toEqual({
      status: 401,
      body: {
        statusCode: 401,
        message: { type: 'unauthorized', text: 'This API key is not valid or has been revoked' },
      },
    });
  });

  it('takes no order on the other process with a key whose owner was just banned', async () => {
    const product = await new CatalogueFactory(seed.database.db).product({ keys: 5 });
    const { user, key } = await resellerWithKey();
    await deposit(admin, user.id, 100);
    await inUseOnSecond(key);
    const adminSession = await HttpSession.signIn(first, admin.user.username, TEST_PASSWORD);

    const ban = await adminSession.request(first, 'POST', `/api/users/ban-user/${user.id}`, {
      reason: 'Chargebacks',
    });
    expect(ban.status, JSON.stringify(ban.body)).toBe(200);
    const order = await new HttpSession().request(
      second,
      'POST',
      '/api/v1/orders',
      { productId: product.id, quantity: 1 },
      withKey(key, { 'idempotency-key': randomUUID() }),
    );

    expect(order).toEqual({
      status: 403,
      body: {
        statusCode: 403,
        message: {
          type: 'banned',
          text: 'Your account has been banned: Chargebacks',
          reason: 'Chargebacks',
        },
      },
    });
    expect(await ordersOf(seed.database.db, user.id)).toHaveLength(0);
  });
});
