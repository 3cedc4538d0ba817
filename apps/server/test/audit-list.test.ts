import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@keymarket/contracts/balance';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { addBalance, deposit, placedOrder } from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';

const { ctx, admin, catalogue } = useCatalogueApp();

type AuditList = { data: AuditEntry[]; pagination: { total: number } };

async function audit(query: string): Promise<AuditList> {
  const response = await admin.inject({ method: 'GET', url: `/api/audit${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditList>();
}

let manager: SignedInUser;
let reseller: SignedInUser;

/** The admin deposits to the manager, then the manager gives to its reseller: two actors. */
beforeAll(async () => {
  manager = await ctx.factory.signedIn('manager', admin.user);
  reseller = await ctx.factory.signedIn('reseller', manager.user);
  await deposit(admin, manager.user.id, 30);
  expect((await addBalance(manager, reseller.user.id, 10)).statusCode).toBe(200);
});

describe('GET /api/audit: the screen’s filters and sort', () => {
  it('filters by the actor’s username, in any case, and matches nothing for an unknown one', async () => {
    const byManager = await audit(`?actor=${manager.user.username.toUpperCase()}`);
    expect(byManager.data.map((e) => e.action)).toEqual(['balance.transfer']);
    expect(byManager.data[0]!.actor).toEqual({
      id: manager.user.id,
      username: manager.user.username,
    });
    const byAdmin = await audit(`?actor=${admin.user.username}&action=balance.deposit`);
    expect(byAdmin.data).toHaveLength(1);
    expect(byAdmin.data[0]!.targetId).toBe(manager.user.id);
    expect((await audit('?actor=nobody_by_that_name')).pagination.total).toBe(0);
  });

  it('sorts newest first by default and oldest first with sort=createdAt', async () => {
    const newest = (await audit('?action=balance.deposit')).data.concat(
      (await audit('?action=balance.transfer')).data,
    );
    expect(newest).toHaveLength(2);
    const [deposited, transferred] = newest;
    const both = `?targetType=user&sort=`;
    const ascending = (await audit(`${both}createdAt`)).data.map((e) => e.id);
    const descending = (await audit(`${both}-createdAt`)).data.map((e) => e.id);
    expect(ascending.indexOf(deposited!.id)).toBeLessThan(ascending.indexOf(transferred!.id));
    expect(descending).toEqual([...ascending].reverse());
    expect((await audit('?targetType=user')).data.map((e) => e.id)).toEqual(descending);
  });

  it.each([
    ['?sort=action', 'sort'],
    ['?actor=', 'actor'],
  ])('refuses %s with 400 naming %s', async (query, path) => {
    expectValidation(
      await admin.inject({ method: 'GET', url: `/api/audit${query}` }),
      `querystring.${path}`,
    );
  });

  it('names the records an entry points at: its target and the ids in its values', async () => {
    const [deposited] = (await audit(`?action=balance.deposit&targetId=${manager.user.id}`)).data;
    expect(deposited!.names[manager.user.id]).toEqual({
      type: 'user',
      name: manager.user.username,
    });

    const product = await catalogue.product({ name: 'Steam 20 USD', keys: 1 });
    const order = await placedOrder(reseller, product.id);
    const [placed] = (await audit(`?action=order.placed&targetId=${order.id}`)).data;
    expect(placed!.names[order.id]).toEqual({ type: 'order', name: 'Steam 20 USD' });
    // The order's values name its product by id: named too.
    expect(placed!.names[product.id]).toEqual({ type: 'product', name: 'Steam 20 USD' });
  });

  it('is for administrators only', async () => {
    expectError(await manager.inject({ method: 'GET', url: '/api/audit' }), 403, 'forbidden');
  });
});
