import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdKey } from './helpers/api-keys';
import { CatalogueFactory } from './helpers/catalogue-factory';
import { freshPostgresDatabase, onPostgres } from './helpers/database';
import type { SignedInUser } from './helpers/factory';
import { expectLedgerInvariants } from './helpers/invariants';
import { deposit, ordersOf, unsoldKeysOf } from './helpers/money';
import { HttpSession, ServerProcess } from './helpers/server-process';
import { createTestApp, TEST_PASSWORD, type TestContext } from './helpers/test-app';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two real server processes on one PostgreSQL (docs/operations.md, "Several instances"): each has
 * its own pool and memory, so whatever they must agree on has to live in the database or Redis.
 * The in-process app only seeds data through the same code paths.
 */
describe.skipIf(!onPostgres)('two server processes on one PostgreSQL', () => {
  let seed: TestContext;
  let admin: SignedInUser;
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    const { database, url } = await freshPostgresDatabase(process.env.DATABASE_URL!);
    seed = await createTestApp({}, database);
    admin = await seed.factory.signedIn('admin');
    // Small login limit: the shared-limit test exhausts it across both processes.
    const env = {
      DATABASE_URL: url,
      REDIS_URL,
      LOGIN_RATE_LIMIT: '4',
      API_RATE_LIMIT: '4',
      DATABASE_POOL_MAX: '10',
    };
    [first, second] = await Promise.all([ServerProcess.start(env), ServerProcess.start(env)]);
  }, 120_000);

  afterAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await Promise.all([first?.dispose(), second?.dispose()]);
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await seed?.close();
  });

  it('sells every key once when purchases arrive through both processes at once', async () => {
    const catalogue = new CatalogueFactory(seed.database.db);
    const product = await catalogue.product({ keys: 25 }); // resellerPrice $10
    const buyer = await seed.factory.user({ role: 'reseller', invitedBy: admin.user });
    await deposit(admin, buyer.id, 600); // covers 60 purchases: stock is the limit
    const onFirst = await HttpSession.signIn(first, buyer.username, TEST_PASSWORD);

    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        onFirst.request(index % 2 ? second : first, 'POST', '/api/orders', {
          productId: product.id,
          quantity: 1,
        }),
      ),
    );

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(25);
    expect(statuses.filter((status) => status === 409)).toHaveLength(35);
    expect(
      answers.filter((a) => a.status === 409).every((a) => a.body.message?.type === 'out_of_stock'),
    ).toBe(true);
    const sold = answers.filter((a) => a.status === 201).flatMap((a) => a.body.responseKeys ?? []);
    expect(new Set(sold).size).toBe(25);
    expect(await unsoldKeysOf(seed.database.db, product.id)).toBe(0);
    expect(await ordersOf(seed.database.db, buyer.id)).toHaveLength(25);
    await expectLedgerInvariants(seed.database.db);
  });

  it('accepts a session signed in on one process on the other', async () => {
    const user = await seed.factory.user({ role: 'manager', invitedBy: admin.user });
    const session = await HttpSession.signIn(first, user.username, TEST_PASSWORD);
    const me = await session.request(second, 'GET', '/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(user.username);
  });

  it('keeps refresh rotation and reuse detection across processes', async () => {
    const user = await seed.factory.user({ role: 'reseller', invitedBy: admin.user });
    const session = await HttpSession.signIn(first, user.username, TEST_PASSWORD);
    const stolen = session.cookies.get('km_refresh')!;

    expect((await session.request(second, 'GET', '/api/auth/refresh')).status).toBe(200);
    const rotated = session.cookies.get('km_refresh')!;
    expect(rotated).not.toBe(stolen);

    // The rotated-away token presented to the other process: reuse, the whole session ends.
    const thief = new HttpSession();
    thief.cookies.set('km_refresh', stolen);
    const reuse = await thief.request(first, 'GET', '/api/auth/refresh');
    expect(reuse.status).toBe(401);
    expect(reuse.body.message?.type).toBe('unauthorized');

    const owner = new HttpSession();
    owner.cookies.set('km_refresh', rotated);
    expect((await owner.request(second, 'GET', '/api/auth/refresh')).status).toBe(401);
  });

  it('shares the login rate limit between processes through Redis', async () => {
    // A name nobody has: the limit counts attempts per (address, identifier) whether or not the
    // account exists, and a fresh name keeps earlier runs' counters out of the way.
    const identifier = `nobody_${randomBytes(6).toString('hex')}`;
    const attempt = (server: ServerProcess) =>
      new HttpSession().request(server, 'POST', '/api/auth/login', {
        identifier,
        password: 'Wrong-Passw0rd!',
      });
    const statuses: number[] = [];
    for (const server of [first, second, first, second, first]) {
      statuses.push((await attempt(server)).status);
    }
    // Four attempts allowed in all, wherever they land; each process alone has seen at most 3.
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it("shares an API key's rate limit between processes through Redis", async () => {
    const owner = await seed.factory.signedIn('reseller', admin.user);
    const { key } = await createdKey(owner);
    const call = (server: ServerProcess) =>
      new HttpSession().request(server, 'GET', '/api/v1/balance', undefined, {
        authorization: `Bearer ${key}`,
      });
    const statuses: number[] = [];
    for (const server of [first, second, first, second, first]) {
      statuses.push((await call(server)).status);
    }
    // Four calls a minute for the key, wherever they land; each process alone has seen at most 3.
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
