import { describe, expect, it } from 'vitest';
import { expectLedgerInvariants } from './helpers/invariants';
import { useCatalogue } from './helpers/catalogue-app';
import { useTestApp } from './helpers/use-app';
import type { Order } from '@keymarket/contracts/orders';
import type { User } from '@keymarket/contracts/users';

const ctx = useTestApp();
const catalogue = useCatalogue(ctx);

describe('order placement, end to end through the API', () => {
  it('sells keys down a three-level chain and pays every margin', async () => {
    const admin = await ctx.factory.signedIn('admin');
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const reseller = await ctx.factory.signedIn('reseller', manager.user);
    const product = await catalogue.product({ keys: 5 });
    await catalogue.sellerPrice(manager.user.id, product.id, 1200n);

    const deposit = await admin.inject({
      method: 'POST',
      url: `/api/balance/${reseller.user.id}/add`,
      payload: { amount: 50 },
    });
    expect(deposit.statusCode, deposit.body).toBe(200);

    const res = await reseller.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { productId: product.id, quantity: 2 },
    });
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({
      status: 'completed',
      quantity: 2,
      unitPrice: 12,
      totalAmount: 24,
    });
    expect(order.responseKeys).toHaveLength(2);

    const me = await reseller.inject({ method: 'GET', url: '/api/users/me' });
    expect(me.json<User>().balance).toMatchObject({ current: 26, total: 50, spent: 24 });
    const mgr = await manager.inject({ method: 'GET', url: '/api/users/me' });
    expect(mgr.json<User>().balance.profit).toBe(8); // 2 × (12 − 8)
    await expectLedgerInvariants(ctx.database.db);
  });
});
