import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ManagerPackage, Package } from '@keymarket/contracts/packages';
import { messages } from '@keymarket/contracts/messages';
import { products, users } from '../src/db/schema/index';
import type { SignedInUser } from './helpers/factory';
import { expectError, expectValidation } from './helpers/expect-error';
import { useCatalogueApp } from './helpers/catalogue-app';
import { useSignedIn } from './helpers/use-app';

/** A paginated list as the API answers it. */
type Page<T> = { data: T[]; pagination: { page: number; limit: number; total: number } };

const { ctx, catalogue, admin } = useCatalogueApp();
const manager = useSignedIn(ctx, 'manager', admin);
const otherManager = useSignedIn(ctx, 'manager', admin);
/** Invited by `manager`. */
const invitee = useSignedIn(ctx, 'reseller', manager);
/** Invited by `invitee`: in the manager's tree, not its direct invitee. */
const grandchild = useSignedIn(ctx, 'reseller', invitee);
/** Invited by `otherManager`. */
const stranger = useSignedIn(ctx, 'reseller', otherManager);
const adminReseller = useSignedIn(ctx, 'reseller', admin);

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function userRow(id: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function createPackage(productIds: string[], name = 'Gold'): Promise<Package> {
  const res = await admin.inject({
    method: 'POST',
    url: '/api/packages',
    payload: {
      name,
      description: 'Best prices',
      products: productIds.map((productId) => ({ productId, managerPrice: 6, resellerPrice: 7 })),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function createManagerPackage(
  owner: SignedInUser,
  productIds: string[],
): Promise<ManagerPackage> {
  const res = await owner.inject({
    method: 'POST',
    url: '/api/manager-packages/manager',
    payload: {
      name: 'Mine',
      products: productIds.map((productId) => ({ productId, resellerPrice: 9 })),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('admin packages', () => {
  it('creates, reads, replaces and prices a package', async () => {
    const a = await catalogue.product({ name: 'Pkg A' });
    const b = await catalogue.product({ name: 'Pkg B' });
    const pkg = await createPackage([a.id]);
    expect(pkg).toMatchObject({
      name: 'Gold',
      description: 'Best prices',
      products: [{ productId: a.id, productName: 'Pkg A', managerPrice: 6, resellerPrice: 7 }],
      assignedUsers: 0,
    });

    const listed = await admin.inject({ method: 'GET', url: '/api/packages?limit=100' });
    expect(listed.json<Page<Package>>().data.map((p) => p.id)).toContain(pkg.id);
    expect(listed.json<Page<Package>>().pagination).toMatchObject({ page: 1, limit: 100 });

    const put = await admin.inject({
      method: 'PUT',
      url: `/api/packages/${pkg.id}`,
      payload: {
        name: 'Platinum',
        products: [{ productId: b.id, managerPrice: 5.5, resellerPrice: 6 }],
      },
    });
    expect(put.json()).toMatchObject({
      name: 'Platinum',
      description: '',
      products: [{ productId: b.id, managerPrice: 5.5, resellerPrice: 6 }],
    });

    const priced = await admin.inject({
      method: 'PATCH',
      url: `/api/packages/${pkg.id}/products/${a.id}/price`,
      payload: { managerPrice: 7, resellerPrice: 8 },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const again = await admin.inject({
      method: 'PATCH',
      url: `/api/packages/${pkg.id}/products/${a.id}/price`,
      payload: { managerPrice: 7.5, resellerPrice: 8 },
    });
    expect(again.json<Package>().products).toEqual([
      expect.objectContaining({ productId: a.id, managerPrice: 7.5 }),
      expect.objectContaining({ productId: b.id, managerPrice: 5.5 }),
    ]);
    const got = await admin.inject({ method: 'GET', url: `/api/packages/${pkg.id}` });
    expect(got.json()).toEqual(again.json());
  });

  it('refuses prices below the initial price, unknown or deleted products and repeats', async () => {
    const a = await catalogue.product();
    const gone = await catalogue.product();
    await ctx.database.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, gone.id));
    const post = (items: object[]) =>
      admin.inject({
        method: 'POST',
        url: '/api/packages',
        payload: { name: 'Bad', products: items },
      });

    const below = await post([{ productId: a.id, managerPrice: 4.99, resellerPrice: 6 }]);
    const body = expectError(below, 400, 'price_below_cost', messages.sellingBelowCost);
    expect(body.details?.[0]?.path).toBe('body.products.0.managerPrice');
    const missing = await post([
      { productId: a.id, managerPrice: 6, resellerPrice: 6 },
      { productId: gone.id, managerPrice: 6, resellerPrice: 6 },
      { productId: UNKNOWN, managerPrice: 6, resellerPrice: 6 },
    ]);
    expect(expectError(missing, 404, 'not_found').details).toHaveLength(2);
    expectValidation(
      await post([
        { productId: a.id, managerPrice: 6, resellerPrice: 6 },
        { productId: a.id, managerPrice: 7, resellerPrice: 7 },
      ]),
      'body.products.1.productId',
    );
    const pkg = await createPackage([]);
    expectError(
      await admin.inject({
        method: 'PATCH',
        url: `/api/packages/${pkg.id}/products/${a.id}/price`,
        payload: { managerPrice: 1, resellerPrice: 6 },
      }),
      400,
      'price_below_cost',
    );
    const list = await admin.inject({ method: 'GET', url: '/api/packages?limit=100' });
    expect(list.json<Page<Package>>().data.filter((p) => p.name === 'Bad')).toEqual([]);
  });

  it('assigns only to managers and to resellers invited by an admin', async () => {
    const pkg = await createPackage([]);
    const assign = (userId: string, packageId: string | null = pkg.id) =>
      admin.inject({
        method: 'POST',
        url: `/api/packages/assign/${userId}`,
        payload: { packageId },
      });

    expect((await assign(manager.user.id)).statusCode).toBe(200);
    expect((await assign(adminReseller.user.id)).statusCode).toBe(200);
    expect((await userRow(manager.user.id)).packageId).toBe(pkg.id);
    expectError(await assign(invitee.user.id), 409, 'conflict');
    expectError(await assign(admin.user.id), 409, 'conflict');
    expectError(await assign(UNKNOWN), 404, 'not_found');
    expectError(await assign(manager.user.id, UNKNOWN), 404, 'not_found');
    expect((await userRow(manager.user.id)).packageId).toBe(pkg.id);
    expect((await assign(adminReseller.user.id, null)).json()).toEqual({
      userId: adminReseller.user.id,
      packageId: null,
    });
    expect((await userRow(adminReseller.user.id)).packageId).toBeNull();
  });

  it('deleting a package releases its holders in the same transaction', async () => {
    const pkg = await createPackage([]);
    await admin.inject({
      method: 'POST',
      url: `/api/packages/assign/${otherManager.user.id}`,
      payload: { packageId: pkg.id },
    });
    const held = await admin.inject({ method: 'GET', url: `/api/packages/${pkg.id}` });
    expect(held.json<Package>().assignedUsers).toBe(1);
    const res = await admin.inject({ method: 'DELETE', url: `/api/packages/${pkg.id}` });
    expect(res.json()).toEqual({ ok: true });
    expect((await userRow(otherManager.user.id)).packageId).toBeNull();
    expectError(
      await admin.inject({ method: 'GET', url: `/api/packages/${pkg.id}` }),
      404,
      'not_found',
    );
    expectError(
      await admin.inject({ method: 'DELETE', url: `/api/packages/${pkg.id}` }),
      404,
      'not_found',
    );
  });

  it('is for admins only', async () => {
    const product = await catalogue.product();
    const pkg = await createPackage([product.id]);
    for (const user of [manager, invitee]) {
      for (const request of [
        { method: 'GET' as const, url: '/api/packages' },
        { method: 'GET' as const, url: `/api/packages/${pkg.id}` },
        { method: 'POST' as const, url: '/api/packages', payload: { name: 'x' } },
        { method: 'PUT' as const, url: `/api/packages/${pkg.id}`, payload: { name: 'x' } },
        { method: 'DELETE' as const, url: `/api/packages/${pkg.id}` },
        {
          method: 'POST' as const,
          url: `/api/packages/assign/${user.user.id}`,
          payload: { packageId: pkg.id },
        },
        {
          method: 'PATCH' as const,
          url: `/api/packages/${pkg.id}/products/${product.id}/price`,
          payload: { managerPrice: 6, resellerPrice: 6 },
        },
      ]) {
        expectError(await user.inject(request), 403, 'forbidden');
      }
    }
    expect(
      (await admin.inject({ method: 'GET', url: `/api/packages/${pkg.id}` })).json<Package>().name,
    ).toBe('Gold');
  });
});

describe('manager packages', () => {
  it('a manager creates, lists, edits and prices its own packages, not below its cost', async () => {
    const a = await catalogue.product({ name: 'Mgr A' });
    const b = await catalogue.product({ name: 'Mgr B' });
    const pkg = await createManagerPackage(manager, [a.id]);
    expect(pkg).toMatchObject({
      ownerId: manager.user.id,
      products: [{ productId: a.id, productName: 'Mgr A', resellerPrice: 9 }],
    });
    await createManagerPackage(otherManager, [a.id]);
    const mine = await manager.inject({ method: 'GET', url: '/api/manager-packages/manager' });
    expect(mine.json<Page<ManagerPackage>>().data.map((p) => p.ownerId)).toEqual([manager.user.id]);

    const put = await manager.inject({
      method: 'PUT',
      url: `/api/manager-packages/manager/${pkg.id}`,
      payload: { name: 'Renamed', products: [{ productId: b.id, resellerPrice: 8 }] },
    });
    expect(put.json()).toMatchObject({
      name: 'Renamed',
      products: [{ productId: b.id, resellerPrice: 8 }],
    });

    // The manager buys at 8 (the product's manager price).
    const below = await manager.inject({
      method: 'PATCH',
      url: `/api/manager-packages/manager/${pkg.id}/products/${a.id}/price`,
      payload: { resellerPrice: 7.99 },
    });
    const body = expectError(below, 400, 'price_below_cost', messages.sellingBelowCost);
    expect(body.details?.[0]).toMatchObject({ path: 'body.resellerPrice' });
    const ok = await manager.inject({
      method: 'PATCH',
      url: `/api/manager-packages/manager/${pkg.id}/products/${a.id}/price`,
      payload: { resellerPrice: 8 },
    });
    expect(ok.json<ManagerPackage>().products).toHaveLength(2);
    expectError(
      await manager.inject({
        method: 'POST',
        url: '/api/manager-packages/manager',
        payload: { name: 'Cheap', products: [{ productId: a.id, resellerPrice: 1 }] },
      }),
      400,
      'price_below_cost',
    );
  });

  it('hides soft-deleted products from a manager package', async () => {
    const a = await catalogue.product();
    const pkg = await createManagerPackage(manager, [a.id]);
    await ctx.database.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, a.id));
    const res = await manager.inject({
      method: 'GET',
      url: `/api/manager-packages/manager/${pkg.id}`,
    });
    expect(res.json<ManagerPackage>().products).toEqual([]);
  });

  it("never shows or lets another manager touch a manager's package (404)", async () => {
    const product = await catalogue.product();
    const pkg = await createManagerPackage(manager, [product.id]);
    for (const request of [
      { method: 'GET' as const, url: `/api/manager-packages/manager/${pkg.id}` },
      {
        method: 'PUT' as const,
        url: `/api/manager-packages/manager/${pkg.id}`,
        payload: { name: 'Stolen' },
      },
      { method: 'DELETE' as const, url: `/api/manager-packages/manager/${pkg.id}` },
      {
        method: 'PATCH' as const,
        url: `/api/manager-packages/manager/${pkg.id}/products/${product.id}/price`,
        payload: { resellerPrice: 50 },
      },
      {
        method: 'POST' as const,
        url: `/api/manager-packages/manager/assign/${stranger.user.id}`,
        payload: { packageId: pkg.id },
      },
    ]) {
      expectError(await otherManager.inject(request), 404, 'not_found');
    }
    const still = await manager.inject({
      method: 'GET',
      url: `/api/manager-packages/manager/${pkg.id}`,
    });
    expect(still.json()).toMatchObject({ name: 'Mine', products: [{ resellerPrice: 9 }] });
    expect((await userRow(stranger.user.id)).managerPackageId).toBeNull();
  });

  it('assigns only its own package to its own direct invitee', async () => {
    const pkg = await createManagerPackage(manager, []);
    const foreign = await createManagerPackage(otherManager, []);
    const assign = (userId: string, packageId: string | null = pkg.id) =>
      manager.inject({
        method: 'POST',
        url: `/api/manager-packages/manager/assign/${userId}`,
        payload: { packageId },
      });

    const ok = await assign(invitee.user.id);
    expect(ok.json()).toEqual({ userId: invitee.user.id, packageId: pkg.id });
    expect((await userRow(invitee.user.id)).managerPackageId).toBe(pkg.id);
    expectError(await assign(grandchild.user.id), 403, 'forbidden');
    expectError(await assign(stranger.user.id), 404, 'not_found');
    expectError(await assign(UNKNOWN), 404, 'not_found');
    expectError(await assign(invitee.user.id, foreign.id), 404, 'not_found');
    expect((await userRow(invitee.user.id)).managerPackageId).toBe(pkg.id);
    expect((await userRow(grandchild.user.id)).managerPackageId).toBeNull();
    expect((await userRow(stranger.user.id)).managerPackageId).toBeNull();

    const view = await manager.inject({
      method: 'GET',
      url: `/api/manager-packages/manager/${pkg.id}`,
    });
    expect(view.json<ManagerPackage>().assignedUsers).toBe(1);
    await assign(invitee.user.id, null);
    expect((await userRow(invitee.user.id)).managerPackageId).toBeNull();
  });

  it('deleting a manager package clears its assignments', async () => {
    const pkg = await createManagerPackage(manager, []);
    await manager.inject({
      method: 'POST',
      url: `/api/manager-packages/manager/assign/${invitee.user.id}`,
      payload: { packageId: pkg.id },
    });
    const res = await manager.inject({
      method: 'DELETE',
      url: `/api/manager-packages/manager/${pkg.id}`,
    });
    expect(res.json()).toEqual({ ok: true });
    expect((await userRow(invitee.user.id)).managerPackageId).toBeNull();
  });

  it('admins read every manager package but change none; resellers get nothing', async () => {
    const pkg = await createManagerPackage(manager, []);
    const all = await admin.inject({
      method: 'GET',
      url: '/api/manager-packages/manager?limit=100',
    });
    const owners = new Set(all.json<Page<ManagerPackage>>().data.map((p) => p.ownerId));
    expect(owners).toEqual(new Set([manager.user.id, otherManager.user.id]));
    const one = await admin.inject({
      method: 'GET',
      url: `/api/manager-packages/manager/${pkg.id}`,
    });
    expect(one.json<ManagerPackage>().id).toBe(pkg.id);
    for (const request of [
      { method: 'POST' as const, url: '/api/manager-packages/manager', payload: { name: 'x' } },
      {
        method: 'PUT' as const,
        url: `/api/manager-packages/manager/${pkg.id}`,
        payload: { name: 'x' },
      },
      { method: 'DELETE' as const, url: `/api/manager-packages/manager/${pkg.id}` },
      {
        method: 'POST' as const,
        url: `/api/manager-packages/manager/assign/${invitee.user.id}`,
        payload: { packageId: pkg.id },
      },
    ]) {
      expectError(await admin.inject(request), 403, 'forbidden');
    }
    for (const request of [
      { method: 'GET' as const, url: '/api/manager-packages/manager' },
      { method: 'GET' as const, url: `/api/manager-packages/manager/${pkg.id}` },
      { method: 'POST' as const, url: '/api/manager-packages/manager', payload: { name: 'x' } },
      {
        method: 'POST' as const,
        url: `/api/manager-packages/manager/assign/${grandchild.user.id}`,
        payload: { packageId: null },
      },
    ]) {
      expectError(await invitee.inject(request), 403, 'forbidden');
    }
  });
});
