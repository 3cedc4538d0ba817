import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@keymarket/contracts/orders';
import type { UserRow } from '../src/modules/users/users.repository';
import { expectError } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { deposit, placedOrder, queryRows, respond } from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';

const { ctx, catalogue, admin, db } = useCatalogueApp();

const getOrder = (viewer: SignedInUser, id: string) =>
  viewer.inject({ method: 'GET', url: `/api/orders/${id}` });

interface OrderList {
  data: Order[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

interface OrderStats {
  total: number;
  pending: number;
  completed: number;
  rejected: number;
  revenue: number;
}

describe('GET /api/orders/all and GET /api/orders/{id}: who sees which orders', () => {
  const tag = randomBytes(3).toString('hex');
  let m1: SignedInUser; // manager 1
  let r1: SignedInUser; // reseller under m1
  let r2: SignedInUser; // reseller under r1
  let m2: SignedInUser; // another manager's tree
  let r3: SignedInUser; // reseller under m2
  const placed = new Map<string, Order[]>(); // by buyer id

  const list = async (viewer: SignedInUser, query = '') => {
    const response = await viewer.inject({ method: 'GET', url: `/api/orders/all${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OrderList>();
  };
  /** The stat cards of the list with the same query (`GET /orders/all/stats`). */
  const statsOf = async (viewer: SignedInUser, query = '') => {
    const response = await viewer.inject({ method: 'GET', url: `/api/orders/all/stats${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OrderStats>();
  };
  const idsOf = (users: SignedInUser[]) =>
    users.flatMap((u) => placed.get(u.user.id)!.map((o) => o.id)).sort();
  const ordersOfUsers = (users: SignedInUser[]) => users.flatMap((u) => placed.get(u.user.id)!);

  beforeAll(async () => {
    const user = (role: 'manager' | 'reseller', name: string, inviter: UserRow) =>
      ctx.factory
        .user({ role, invitedBy: inviter, username: `${name}${tag}` })
        .then((u) => ctx.factory.signIn(u));
    m1 = await user('manager', 'mone', admin.user);
    r1 = await user('reseller', 'rone', m1.user);
    r2 = await user('reseller', 'rtwo', r1.user);
    m2 = await user('manager', 'mtwo', admin.user);
    r3 = await user('reseller', 'rthree', m2.user);
    for (const u of [m1, r1, r2, m2, r3]) await deposit(admin, u.user.id, 500);

    const instant = await catalogue.product({ name: `Alpha 100% ${tag}`, keys: 20 });
    const request = await catalogue.product({
      name: `Beta_Key ${tag}`,
      deliveryType: 'request',
      stock: 50,
    });
    await catalogue.product({ name: `Alpha 1000 ${tag}`, keys: 5 });
    const lookalike = await catalogue.product({ name: `BetaXKey ${tag}`, keys: 5 });

    const buy = async (buyer: SignedInUser, productId: string) => {
      const order = await placedOrder(buyer, productId, 1);
      placed.set(buyer.user.id, [...(placed.get(buyer.user.id) ?? []), order]);
      return order;
    };
    await buy(m1, instant.id);
    await buy(m1, request.id);
    await buy(r1, instant.id);
    const rejected = await buy(r1, request.id);
    await buy(r1, request.id);
    await buy(r2, lookalike.id);
    await buy(r2, request.id);
    await buy(m2, instant.id);
    await buy(r3, request.id);
    await buy(r3, lookalike.id);
    await respond(admin, rejected.id, { status: 'rejected', reason: 'no' });
    placed.set(
      r1.user.id,
      placed.get(r1.user.id)!.map((o) => (o.id === rejected.id ? { ...o, status: 'rejected' } : o)),
    );
  });

  it('shows the admin every order, with stats over all of them', async () => {
    const [counts] = await queryRows<{
      total: number;
      pending: number;
      completed: number;
      rejected: number;
    }>(
      db(),
      sql`select count(*)::int as total,
        (count(*) filter (where status = 'pending'))::int as pending,
        (count(*) filter (where status = 'completed'))::int as completed,
        (count(*) filter (where status = 'rejected'))::int as rejected from orders`,
    );

    const page = await list(admin, '?limit=100');

    expect(await statsOf(admin, '?limit=100')).toMatchObject(counts!);
    expect(page.pagination.total).toBe(counts!.total);
    const ids = page.data.map((o) => o.id);
    for (const id of idsOf([m1, r1, r2, m2, r3])) expect(ids).toContain(id);
  });

  it('shows a manager only its own orders without showAll', async () => {
    const page = await list(m1);
    expect(page.data.map((o) => o.id).sort()).toEqual(idsOf([m1]));
    expect(await statsOf(m1)).toMatchObject({ total: 2, pending: 1, completed: 1, rejected: 0 });
  });

  it("adds the downline's orders with showAll=true, never another manager's tree", async () => {
    const page = await list(m1, '?showAll=true&limit=100');

    expect(page.data.map((o) => o.id).sort()).toEqual(idsOf([m1, r1, r2]));
    const expected = ordersOfUsers([m1, r1, r2]);
    expect(await statsOf(m1, '?showAll=true&limit=100')).toMatchObject({
      total: expected.length,
      pending: expected.filter((o) => o.status === 'pending').length,
      completed: expected.filter((o) => o.status === 'completed').length,
      rejected: expected.filter((o) => o.status === 'rejected').length,
      revenue: expected
        .filter((o) => o.status === 'completed')
        .reduce((sum, o) => sum + o.totalAmount, 0),
    });
    const otherTree = await list(r1, '?showAll=true&limit=100');
    expect(otherTree.data.map((o) => o.id).sort()).toEqual(idsOf([r1, r2]));
    const leaf = await list(r2, '?showAll=1&limit=100');
    expect(leaf.data.map((o) => o.id).sort()).toEqual(idsOf([r2]));
  });

  it('filters by status, with pagination.total counting the filtered rows', async () => {
    const page = await list(m1, '?showAll=true&status=pending&limit=100');
    const pending = ordersOfUsers([m1, r1, r2]).filter((o) => o.status === 'pending');
    expect(page.data.map((o) => o.id).sort()).toEqual(pending.map((o) => o.id).sort());
    expect(page.data.every((o) => o.status === 'pending')).toBe(true);
    expect(page.pagination.total).toBe(pending.length);
    expect((await statsOf(m1, '?showAll=true&status=pending')).total).toBe(
      ordersOfUsers([m1, r1, r2]).length,
    );
    expectError(
      await m1.inject({ method: 'GET', url: '/api/orders/all?status=lost' }),
      400,
      'validation',
    );
  });

  it("searches product names and buyers' usernames, taking '%' and '_' literally", async () => {
    const names = async (query: string) =>
      (await list(admin, `?limit=100&search=${encodeURIComponent(query)}`)).data.map(
        (o) => o.productName,
      );

    const percent = await names(`100% ${tag}`);
    expect(percent.length).toBe(3); // m1, r1, m2 bought 'Alpha 100%'
    expect(percent.every((n) => n === `Alpha 100% ${tag}`)).toBe(true);
    expect(await names(`a_K`)).not.toContain(`BetaXKey ${tag}`);
    const underscore = await names(`Beta_Key ${tag}`);
    expect(underscore.length).toBe(5);
    expect(await names(`%${tag}`)).toEqual([]);
    expect(await names(`_${tag}`)).toEqual([]);

    const byBuyer = await list(admin, `?limit=100&search=RTHREE${tag}`);
    expect(byBuyer.data.map((o) => o.id).sort()).toEqual(idsOf([r3]));
    expect((await statsOf(admin, `?search=RTHREE${tag}`)).total).toBe(2);
    // A manager's search stays inside its own scope.
    const scoped = await list(m1, `?showAll=true&limit=100&search=rthree${tag}`);
    expect(scoped.data).toEqual([]);
  });

  it('paginates with defaults page 1 and limit 10', async () => {
    const all = await list(m1, '?showAll=true');
    expect(all.pagination).toEqual({ page: 1, limit: 10, total: 7, totalPages: 1 });
    expect(all).toEqual({
      data: expect.any(Array) as unknown,
      pagination: expect.any(Object) as unknown,
    });

    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => list(m1, `?showAll=true&limit=2&page=${page}`)),
    );
    expect(pages.map((p) => p.data.length)).toEqual([2, 2, 2, 1]);
    expect(pages[0]!.pagination).toEqual({ page: 1, limit: 2, total: 7, totalPages: 4 });
    const ids = pages.flatMap((p) => p.data.map((o) => o.id));
    expect(new Set(ids).size).toBe(7);
    expect(ids.sort()).toEqual(idsOf([m1, r1, r2]));
    expect((await list(m1, '?showAll=true&limit=2&page=9')).data).toEqual([]);
    for (const bad of ['?page=0', '?limit=0', '?limit=101', '?page=abc']) {
      expectError(
        await m1.inject({ method: 'GET', url: `/api/orders/all${bad}` }),
        400,
        'validation',
      );
    }
  });

  it('shows responseKeys to the buyer and admins only, not to an upline looking at its downline', async () => {
    const view = await list(m1, '?showAll=true&limit=100');
    for (const order of view.data) {
      if (order.buyer.id === m1.user.id) expect(order).toHaveProperty('responseKeys');
      else expect(order).not.toHaveProperty('responseKeys');
    }
    const r1Instant = placed.get(r1.user.id)!.find((o) => o.deliveryType === 'instant')!;
    const own = (await list(r1, '?limit=100')).data.find((o) => o.id === r1Instant.id)!;
    expect(own.responseKeys).toHaveLength(1);
    const adminView = (await list(admin, '?limit=100')).data.find((o) => o.id === r1Instant.id)!;
    expect(adminView.responseKeys).toEqual(own.responseKeys);
  });

  it('GET /api/orders/{id} follows the same visibility', async () => {
    const r2Order = placed.get(r2.user.id)!.find((o) => o.deliveryType === 'instant')!;
    const r1Order = placed.get(r1.user.id)![0]!;

    const byBuyer = await getOrder(r2, r2Order.id);
    expect(byBuyer.statusCode).toBe(200);
    expect(byBuyer.json<Order>().responseKeys).toHaveLength(1);
    const byAdmin = await getOrder(admin, r2Order.id);
    expect(byAdmin.json<Order>().responseKeys).toEqual(byBuyer.json<Order>().responseKeys);
    for (const upline of [r1, m1]) {
      const response = await getOrder(upline, r2Order.id);
      expect(response.statusCode).toBe(200);
      expect(response.json<Order>()).not.toHaveProperty('responseKeys');
    }
    for (const outsider of [m2, r3])
      expectError(await getOrder(outsider, r2Order.id), 404, 'not_found');
    // Visibility runs down the tree, never up.
    expectError(await getOrder(r2, r1Order.id), 404, 'not_found');
    expectError(await getOrder(r1, placed.get(m1.user.id)![0]!.id), 404, 'not_found');
  });
});
